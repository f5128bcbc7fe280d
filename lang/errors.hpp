#pragma once
// Error messages for the grammar's must<> (and raise<>) points, in the style of the PEGTL
// examples: one specialisation of error_message per rule that may fail after a must<>, and a
// control that raises them. Every must<> point needs a message (enforced at compile time).
//
// Messages may hold placeholders that the parser fills in from what it knows at the failure:
//   {found}  what stands at the error position: 'x', '\x01' (non-printables as \xNN) or
//            "end of file"
//   {open}   line:col of the innermost '(' or '{' still open
//   {label}  the label just read (for "label:" without a value)
#include <tao/pegtl.hpp>

#include "lang/grammar.hpp"

namespace mancala::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// clang-format off
template <> inline constexpr auto error_message<at<block_comment_closed>> = "unterminated block comment: missing '*/'";
template <> inline constexpr auto error_message<delimiter> = "unexpected character {found}";
template <> inline constexpr auto error_message<operator_end> = "an operator must be followed by a space, ')' or '}', found {found}";
template <> inline constexpr auto error_message<parameter_digits> = "expected a parameter number after '#', found {found}";
template <> inline constexpr auto error_message<escape_code> = "invalid escape sequence in string: only \\\" \\\\ \\n \\t are allowed, found {found}";
template <> inline constexpr auto error_message<string_stop> = "unexpected character {found} in string";
template <> inline constexpr auto error_message<at<string_no_newline>> = "unterminated string: a string may not contain a raw newline";
template <> inline constexpr auto error_message<at<string_closed>> = "unterminated string: missing closing '\"'";
template <> inline constexpr auto error_message<value> = "expected a value after '{label}:', found {found}";
template <> inline constexpr auto error_message<item> = "unexpected character {found}";
template <> inline constexpr auto error_message<top_item> = "unexpected character {found}";
template <> inline constexpr auto error_message<form_head> = "expected a ludeme name or a \"define\" name after '(', found {found}";
template <> inline constexpr auto error_message<close_paren> = "missing ')' to close '(' at {open}, found {found}";
template <> inline constexpr auto error_message<close_brace> = "missing '}' to close '{' at {open}, found {found}";
template <> inline constexpr auto error_message<unmatched_paren> = "unmatched ')': no '(' to close";
template <> inline constexpr auto error_message<unmatched_brace> = "unmatched '}': no '{' to close";
// clang-format on

// Raises the message of the failing rule as a tao::pegtl::parse_error at the input's position.
template <typename Rule>
struct error_control : tao::pegtl::normal<Rule> {
  template <typename ParseInput, typename... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&...) {
    static_assert(error_message<Rule> != nullptr, "a must<> point of the grammar has no error message");
    throw tao::pegtl::parse_error(error_message<Rule>, in);
  }
};

}  // namespace mancala::grammar
