#pragma once
// Parses rule-file text into the AST (lang/ast.hpp). The grammar is in grammar.hpp, its error
// messages in errors.hpp; this file holds the actions that build the tree.
#include <cstddef>
#include <memory>

#include "lang/ast.hpp"
#include "lang/source.hpp"

namespace mancala {

struct ParseLimits {
  std::size_t max_depth = 256;      // nesting of ( ) and { }
  std::size_t max_bytes = 8 << 20;  // size of one file
};

// Parses `source`. On success `out` is a Node of kind list positioned at 1:1 whose children are
// the file's top-level items, and true is returned. On failure one positioned error is added to
// `diagnostics` and false is returned (`out` is then unspecified). Never throws on bad input.
bool parse(std::shared_ptr<const Source> source, Node& out, Diagnostics& diagnostics,
           const ParseLimits& limits = {});

// Describes the byte at `offset` of `text` for messages: 'x', '\x01', or "end of file".
std::string describe_character(const std::string& text, std::size_t offset);

}  // namespace mancala
