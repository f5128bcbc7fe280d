#include "interpreter/web/sandbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace mancala::web {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxPathLength = 200;
constexpr std::string_view kExtensions[] = {".lud", ".jsonl", ".txt"};

bool plain_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.';
}

// Whether `inner` is `root` or inside it (both canonical).
bool inside(const fs::path& root, const fs::path& inner) {
  auto [r, i] = std::mismatch(root.begin(), root.end(), inner.begin(), inner.end());
  return r == root.end();
}

// The path's components after checking its spelling: "games/sub/kalah.lud" -> games, sub, kalah.lud.
std::vector<std::string> components(std::string_view path) {
  if (path.empty()) throw SandboxError("no file named");
  if (path.size() > kMaxPathLength) throw SandboxError(fmt::format("a path has at most {} characters", kMaxPathLength));
  if (path.front() == '/') throw SandboxError("absolute paths are refused: name a file under games/ or workspace/");
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view part = path.substr(start, slash - start);
    if (part.empty() || part.front() == '.')
      throw SandboxError(fmt::format("'{}': empty, hidden, '.' and '..' path components are refused", path));
    if (!std::all_of(part.begin(), part.end(), plain_character))
      throw SandboxError(
          fmt::format("'{}': a file name may use only letters, digits, '_', '-' and '.' (no encoded names)", path));
    parts.emplace_back(part);
    start = slash + 1;
  }
  return parts;
}

}  // namespace

FileSandbox::FileSandbox(const fs::path& games, const fs::path& workspace) {
  std::error_code ec;
  games_ = fs::canonical(games, ec);
  if (ec) throw SandboxError(fmt::format("the games folder {} cannot be read: {}", games.string(), ec.message()));
  if (!workspace.empty()) {
    fs::create_directories(workspace, ec);
    workspace_ = fs::canonical(workspace, ec);
    if (ec) throw SandboxError(fmt::format("the workspace {} cannot be used: {}", workspace.string(), ec.message()));
  }
}

fs::path FileSandbox::resolve(std::string_view path, bool for_write) const {
  auto parts = components(path);
  const std::string& name = parts.back();
  if (parts.size() < 2 || std::none_of(std::begin(kExtensions), std::end(kExtensions), [&name](std::string_view e) {
        return name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0;
      }))
    throw SandboxError(fmt::format("'{}': name a .lud, .jsonl or .txt file under games/ or workspace/", path));
  fs::path root;
  if (parts.front() == "games") {
    if (for_write) throw SandboxError("games/ is read only: save to workspace/");
    root = games_;
  } else if (parts.front() == "workspace") {
    if (workspace_.empty()) throw SandboxError("no workspace: start the server with --workspace DIR to save files");
    root = workspace_;
  } else {
    throw SandboxError(fmt::format("'{}': files are under games/ or workspace/", path));
  }
  fs::path joined = root;
  for (std::size_t i = 1; i < parts.size(); ++i) joined /= parts[i];
  // Symbolic links are followed before the test, so that a link inside the root cannot lead out.
  std::error_code ec;
  fs::path real = fs::weakly_canonical(joined, ec);
  if (ec || !inside(root, real)) throw SandboxError(fmt::format("'{}' leads outside {}/", path, parts.front()));
  return real;
}

std::string FileSandbox::read(std::string_view path, std::size_t max_bytes) const {
  fs::path real = resolve(path, false);
  std::error_code ec;
  if (!fs::is_regular_file(real, ec)) throw SandboxError(fmt::format("{}: no such file", path));
  if (fs::file_size(real, ec) > max_bytes)
    throw FileTooLarge(fmt::format("{}: larger than {} bytes, the bound of a file read", path, max_bytes));
  std::ifstream in(real, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw SandboxError(fmt::format("{}: cannot be read", path));
  return text.str();
}

void FileSandbox::write(std::string_view path, const std::string& text) const {
  fs::path real = resolve(path, true);
  std::error_code ec;
  if (!fs::is_directory(real.parent_path(), ec)) throw SandboxError(fmt::format("{}: its folder does not exist", path));
  std::ofstream out(real, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw SandboxError(fmt::format("{}: cannot be written", path));
}

std::vector<std::string> FileSandbox::list(std::string_view root_name, std::string_view extension) const {
  const fs::path& root = root_name == "games" ? games_ : workspace_;
  std::vector<std::string> out;
  if (root.empty()) return out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    if (name.front() == '.') {  // hidden files and folders are not served
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec) || p.extension() != extension) continue;
    std::string logical = std::string(root_name) + "/" + fs::relative(p, root, ec).generic_string();
    try {
      resolve(logical, false);  // a name the API could not open is not listed
      out.push_back(logical);
    } catch (const SandboxError&) {
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mancala::web
