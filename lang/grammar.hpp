#pragma once
// The grammar of rule files, as PEGTL rules only. Actions that build the AST live in parser.cpp,
// error messages for the must<> points in errors.hpp.
//
//   file        ::= ws (item ws)* EOF
//   item        ::= label? value
//   label       ::= identifier ':'          (no space before the ':')
//   value       ::= form | list | string | parameter | integer | operator | identifier
//   form        ::= '(' ws head ws (item ws)* ')'      head: identifier, operator or string
//   list        ::= '{' ws (item ws)* '}'
//   string      ::= '"' (escape | byte except '"' '\' newline control)* '"'   escapes \" \\ \n \t
//   integer     ::= '-'? [0-9]+
//   parameter   ::= '#' [0-9]+
//   identifier  ::= [A-Za-z_] [A-Za-z0-9_+'-]*
//   operator    ::= '>=' | '<=' | '!=' | '=' | '<' | '>' | '+' | '-' | '*'   (then space, ')' or '}')
//   ws          ::= (whitespace | '//' ... end of line | '/*' ... '*/')*
//
// Errors are reported at the offending token: several checks are written as must<at<R>> so that
// the failure is reported where R started (the opening quote of an unterminated string, the '/*'
// of an unterminated comment) rather than where the scan gave up.
#include <tao/pegtl.hpp>

namespace mancala::grammar {

namespace pegtl = tao::pegtl;
using pegtl::any;
using pegtl::at;
using pegtl::eof;
using pegtl::eol;
using pegtl::eolf;
using pegtl::if_must;
using pegtl::must;
using pegtl::not_at;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::range;
using pegtl::ranges;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;
using pegtl::until;

// ---- whitespace and comments -------------------------------------------------------------------

struct whitespace : one<' ', '\t', '\n', '\r', '\f', '\v'> {};
struct line_comment : seq<one<'/'>, one<'/'>, until<eolf>> {};
struct block_comment_open : seq<one<'/'>, one<'*'>> {};
struct block_comment_close : seq<one<'*'>, one<'/'>> {};
struct block_comment_closed : seq<block_comment_open, until<block_comment_close>> {};
// Checked first without consuming, so that an unterminated comment is reported at its '/*'.
struct block_comment
    : seq<at<block_comment_open>, must<at<block_comment_closed>>, block_comment_closed> {};
struct ws : star<sor<whitespace, line_comment, block_comment>> {};

// What may follow an atom (identifier, integer, parameter) directly.
struct delimiter
    : at<sor<whitespace, one<'(', ')', '{', '}', '"'>, seq<one<'/'>, one<'/', '*'>>, eof>> {};
// What may follow an operator directly.
struct operator_end : at<sor<whitespace, one<')', '}'>, seq<one<'/'>, one<'/', '*'>>, eof>> {};

// ---- atoms -------------------------------------------------------------------------------------

struct identifier_first : ranges<'A', 'Z', 'a', 'z', '_'> {};
struct identifier_other : ranges<'A', 'Z', 'a', 'z', '0', '9', '_', '_', '+', '+', '\'', '\'', '-', '-'> {};
struct identifier_word : seq<identifier_first, star<identifier_other>> {};
struct identifier : seq<identifier_word, must<delimiter>> {};

struct operator_word
    : sor<seq<one<'>'>, one<'='>>, seq<one<'<'>, one<'='>>, seq<one<'!'>, one<'='>>, one<'='>,
          one<'<'>, one<'>'>, one<'+'>, one<'-'>, one<'*'>> {};
struct operator_name : seq<operator_word, must<operator_end>> {};

struct digits : plus<range<'0', '9'>> {};
struct integer : seq<opt<one<'-'>>, digits, must<delimiter>> {};

struct parameter_digits : digits {};
struct parameter : seq<one<'#'>, must<parameter_digits>, must<delimiter>> {};

// Strings. A string may hold any byte except '"', '\\', newlines and ASCII control characters
// (tab excepted); UTF-8 multi-byte sequences pass through unchanged.
struct escape_code : one<'"', '\\', 'n', 't'> {};
struct escape : seq<one<'\\'>, must<escape_code>> {};
struct string_plain : sor<one<'\t'>, range<' ', '!'>, range<'#', '['>, range<']', '~'>, range<'\x80', '\xff'>> {};
struct string_char : sor<escape, string_plain> {};
struct string_stop : at<sor<one<'"'>, one<'\n', '\r'>, eof>> {};
struct string_scan : seq<one<'"'>, star<string_char>, must<string_stop>> {};
struct string_no_newline : seq<string_scan, not_at<one<'\n', '\r'>>> {};
struct string_closed : seq<one<'"'>, star<string_char>, one<'"'>> {};
struct string_literal
    : seq<at<one<'"'>>, must<at<string_no_newline>>, must<at<string_closed>>, string_closed> {};

// ---- structure ---------------------------------------------------------------------------------

struct form;
struct list;

struct closer_or_end : sor<one<')'>, one<'}'>, eof> {};

struct label : seq<identifier_word, one<':'>> {};
struct value : sor<form, list, string_literal, parameter, integer, operator_name, identifier> {};
struct labelled_value : seq<label, ws, must<value>> {};
struct item : sor<labelled_value, value> {};

// The item loop: anything that is not a closer (or the end of the file) must be an item.
struct items : star<not_at<closer_or_end>, must<item>, ws> {};

struct head_string : string_literal {};
struct head_identifier : identifier {};
struct head_operator : operator_name {};
struct form_head : sor<head_string, head_operator, head_identifier> {};

struct open_paren : one<'('> {};
struct close_paren : one<')'> {};
struct form : seq<open_paren, ws, must<form_head>, ws, items, must<close_paren>> {};

struct open_brace : one<'{'> {};
struct close_brace : one<'}'> {};
struct list : seq<open_brace, ws, items, must<close_brace>> {};

// At the top level a closer has nothing to close.
struct unmatched_paren : one<')'> {};
struct unmatched_brace : one<'}'> {};
struct top_item : sor<item, seq<at<unmatched_paren>, pegtl::raise<unmatched_paren>>,
                      seq<at<unmatched_brace>, pegtl::raise<unmatched_brace>>> {};
struct top_items : star<not_at<eof>, must<top_item>, ws> {};

struct file : seq<ws, top_items, eof> {};

}  // namespace mancala::grammar
