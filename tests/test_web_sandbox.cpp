// The web playground's file sandbox (docs/web.md, "Safe by default"): a request's path reaches
// only games/ (read only) and the workspace; `..`, absolute paths, encoded names, hidden names and
// symbolic links leading out are refused before any file is opened.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interpreter/web/sandbox.hpp"

using namespace mancala::web;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

// games/ with a file, a subfolder, and links out; a workspace; a secret beside them.
struct Tree {
  fs::path root = fs::temp_directory_path() / ("mancala-sandbox-" + std::to_string(::getpid()));
  fs::path games = root / "games", workspace = root / "workspace", secret = root / "secret.lud";
  Tree() {
    fs::remove_all(root);
    write(games / "a.lud", "(game \"A\")");
    write(games / "sub" / "b.lud", "(game \"B\")");
    write(games / ".hidden.lud", "(game \"H\")");
    write(secret, "the secret");
    fs::create_directories(workspace);
    fs::create_symlink(secret, games / "link.lud");
    fs::create_symlink(root, workspace / "out");
  }
  ~Tree() { fs::remove_all(root); }
};

bool refused(const FileSandbox& files, const std::string& path, bool for_write = false) {
  try {
    files.resolve(path, for_write);
    return false;
  } catch (const SandboxError&) {
    return true;
  }
}

}  // namespace

TEST_CASE("web sandbox: files under games/ and the workspace are reached", "[web]") {
  Tree tree;
  FileSandbox files(tree.games, tree.workspace);
  CHECK(files.read("games/a.lud", 1000) == "(game \"A\")");
  CHECK(files.read("games/sub/b.lud", 1000) == "(game \"B\")");
  files.write("workspace/mine.lud", "(game \"M\")");
  CHECK(files.read("workspace/mine.lud", 1000) == "(game \"M\")");
  // The library lists subfolders, and neither hidden files nor links that lead out.
  CHECK(files.list("games", ".lud") == std::vector<std::string>{"games/a.lud", "games/sub/b.lud"});
}

TEST_CASE("web sandbox: no path leads outside", "[web]") {
  Tree tree;
  FileSandbox files(tree.games, tree.workspace);
  for (const char* path : {"../secret.lud", "games/../secret.lud", "games/sub/../../secret.lud",
                           "workspace/../secret.lud", "/etc/passwd", "/tmp/x.lud", "games/%2e%2e/secret.lud",
                           "games/..%2fsecret.lud", "%2e%2e/secret.lud", "games\\..\\secret.lud", "games//a.lud",
                           "games/./a.lud", "games/.hidden.lud", "secret.lud", "games", "stdlib/mancala.lud",
                           "games/a.exe", "games/link.lud", "workspace/out/secret.lud"}) {
    INFO(path);
    CHECK(refused(files, path));
  }
  CHECK(refused(files, std::string("games/a\0.lud", 12)));
  CHECK_THROWS_AS(files.read("games/link.lud", 1000), SandboxError);
  CHECK_THROWS_WITH(files.read("workspace/out/secret.lud", 1000), Catch::Contains("leads outside"));
}

TEST_CASE("web sandbox: games/ is read only, and nothing is written without a workspace", "[web]") {
  Tree tree;
  FileSandbox files(tree.games, tree.workspace);
  CHECK_THROWS_WITH(files.write("games/a.lud", "x"), Catch::Contains("read only"));
  CHECK_THROWS_AS(files.write("workspace/out/secret.lud", "x"), SandboxError);
  CHECK_THROWS_WITH(files.write("workspace/none/x.lud", "x"), Catch::Contains("folder does not exist"));
  std::ifstream secret(tree.secret);
  std::string text;
  std::getline(secret, text);
  CHECK(text == "the secret");

  FileSandbox read_only(tree.games, "");
  CHECK_FALSE(read_only.writable());
  CHECK_THROWS_WITH(read_only.write("workspace/x.lud", "x"), Catch::Contains("--workspace"));
}

TEST_CASE("web sandbox: a file past the bound is not read", "[web]") {
  Tree tree;
  FileSandbox files(tree.games, tree.workspace);
  CHECK_THROWS_WITH(files.read("games/a.lud", 5), Catch::Contains("larger than 5 bytes"));
}
