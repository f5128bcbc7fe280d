# The web playground (`mancala serve`, docs/web.md): the server, its JSON API over the Game
# interface, and the page, whose files are built into the binary with Debian's CodeMirror.
find_package(PkgConfig REQUIRED)
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET GLOBAL cpp-httplib)  # the tests use its client
find_path(CODEMIRROR_DIR lib/codemirror.js PATHS /usr/share/javascript/codemirror NO_DEFAULT_PATH REQUIRED)

set(web_page ${CMAKE_CURRENT_SOURCE_DIR}/web/page)
set(web_assets
  /=${web_page}/index.html
  /app.css=${web_page}/app.css
  /board.js=${web_page}/board.js
  /app.js=${web_page}/app.js
  /codemirror/codemirror.js=${CODEMIRROR_DIR}/lib/codemirror.js
  /codemirror/codemirror.css=${CODEMIRROR_DIR}/lib/codemirror.css
  /codemirror/matchbrackets.js=${CODEMIRROR_DIR}/addon/edit/matchbrackets.js
  /codemirror/lint.js=${CODEMIRROR_DIR}/addon/lint/lint.js
  /codemirror/lint.css=${CODEMIRROR_DIR}/addon/lint/lint.css)
set(web_asset_files "")
foreach(item IN LISTS web_assets)
  string(REGEX REPLACE "^[^=]*=" "" file "${item}")
  list(APPEND web_asset_files ${file})
endforeach()
set(web_assets_cpp ${CMAKE_CURRENT_BINARY_DIR}/web_assets.cpp)
string(REPLACE ";" "|" web_assets_arg "${web_assets}")  # one argument: items split by |
add_custom_command(OUTPUT ${web_assets_cpp}
  COMMAND ${CMAKE_COMMAND} "-DASSETS=${web_assets_arg}" -DOUTPUT=${web_assets_cpp}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/web/embed.cmake
  DEPENDS ${web_asset_files} ${CMAKE_CURRENT_SOURCE_DIR}/web/embed.cmake
  COMMENT "Embedding the web page and CodeMirror"
  VERBATIM)

add_library(mancala_web STATIC
  web/sandbox.cpp
  web/game_json.cpp
  web/play_session.cpp
  web/catalog.cpp
  web/jobs.cpp
  web/analysis_job.cpp
  web/server.cpp
  ${web_assets_cpp})
# The generated table is large: it is compiled alone.
set_source_files_properties(${web_assets_cpp} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_link_libraries(mancala_web PUBLIC mancala_analysis PkgConfig::HTTPLIB)
