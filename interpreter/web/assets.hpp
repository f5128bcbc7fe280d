#pragma once
// The page's files, built into the binary (interpreter/web/embed.cmake writes the table at build
// time from interpreter/web/page/ and Debian's CodeMirror): the server needs nothing else on disk
// and nothing from the network.
#include <string_view>

namespace mancala::web {

struct Asset {
  std::string_view path;          // as requested: "/app.js", "/codemirror/lib/codemirror.js"
  std::string_view content_type;  // "text/javascript; charset=utf-8"
  std::string_view body;
};

// The asset served at `path`, or nullptr.
const Asset* find_asset(std::string_view path);

}  // namespace mancala::web
