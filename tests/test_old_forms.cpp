// Rule files written for an older language: every removed or moved form of lang/replaced.cpp has
// a file of tests/old-forms/ written the old way (KEY.lud), whose first error, listed in
// tests/old-forms/expected.txt, names the replacement; docs/changes.md explains every entry.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lang/replaced.hpp"
#include "tests/bad_corpus.hpp"

using namespace mancala;

namespace {

const std::string old_forms_dir = std::string(MANCALA_TESTS_DIR) + "/old-forms";

}  // namespace

TEST_CASE("every old-form file gives the error naming its replacement (bad files of an older language)",
          "[bad][old-forms]") {
  auto expected = bad_corpus::read_expectations(old_forms_dir);
  auto names = bad_corpus::corpus(old_forms_dir);
  CHECK(names.size() == replaced_forms().size());
  for (const auto& name : names) {
    INFO(name);
    REQUIRE(expected.count(name) == 1);
    CHECK(bad_corpus::first_error(old_forms_dir + "/" + name) == expected[name]);
  }
  for (const auto& [name, message] : expected) {
    INFO("expectation for a file that does not exist: " << name);
    CHECK(std::filesystem::exists(old_forms_dir + "/" + name));
  }
}

TEST_CASE("every replaced form has an old-form bad file whose error is the table's message", "[bad][old-forms]") {
  auto expected = bad_corpus::read_expectations(old_forms_dir);
  for (const ReplacedForm& entry : replaced_forms()) {
    INFO(entry.key);
    auto it = expected.find(entry.key + ".lud");
    REQUIRE(it != expected.end());
    CHECK(it->second.find(replacement_message(entry)) != std::string::npos);
  }
}

TEST_CASE("docs/changes.md names every replaced form with its date and commit", "[bad][old-forms]") {
  std::ifstream in(std::string(MANCALA_TESTS_DIR) + "/../docs/changes.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string changes = text.str();
  REQUIRE(!changes.empty());
  for (const ReplacedForm& entry : replaced_forms()) {
    INFO(entry.key);
    CHECK(changes.find("`" + entry.old_form + "`") != std::string::npos);
    CHECK(changes.find(entry.commit) != std::string::npos);
    CHECK(changes.find(entry.date) != std::string::npos);
  }
}
