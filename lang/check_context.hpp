#pragma once
// What every checker pass reports through: one error cap and one way to stop, so that a file
// with a thousand mistakes gives the first hundred and ends, whichever pass finds them.
#include <cstddef>
#include <string>

#include "lang/ast.hpp"
#include "lang/source.hpp"

namespace mancala {

class CheckContext {
 public:
  static constexpr std::size_t kMaxErrors = 100;

  // Thrown by error() at the cap; check_source() catches it and stops the pipeline.
  struct ErrorLimit {};

  explicit CheckContext(Diagnostics& diagnostics)
      : diagnostics_(diagnostics), errors_before_(diagnostics.error_count()) {}

  void error(const Position& position, std::string message) {
    diagnostics_.error(position, std::move(message));
    // An error inside a define's expansion points at the call too (docs/language.md, section 6).
    if (expansion && expansion->line) diagnostics_.note(*expansion, expansion_note(*expansion));
    if (diagnostics_.error_count() - errors_before_ >= kMaxErrors) {
      diagnostics_.note(position, "too many errors: stopping here");
      throw ErrorLimit{};
    }
  }
  void note(const Position& position, std::string message) {
    diagnostics_.note(position, std::move(message));
  }
  std::size_t error_count() const { return diagnostics_.error_count(); }
  Diagnostics& diagnostics() { return diagnostics_; }

  // The define call the nodes being checked were expanded from (Node::expanded_from), set by
  // passes after the defines pass while they check such nodes; null or line 0: none.
  const Position* expansion = nullptr;

 private:
  Diagnostics& diagnostics_;
  std::size_t errors_before_;
};

// Counts the errors a pass reports: ok() is false once it reported any.
class PassErrors {
 public:
  explicit PassErrors(const CheckContext& context)
      : context_(context), before_(context.error_count()) {}
  bool ok() const { return context_.error_count() == before_; }

 private:
  const CheckContext& context_;
  std::size_t before_;
};

}  // namespace mancala
