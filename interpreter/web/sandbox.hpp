#pragma once
// The files a web request may name: rule files and records under games/ (read only) and under the
// workspace folder (read and write), written as "games/kalah.lud" or "workspace/mine.lud". No other
// path reaches the disk: absolute paths, `..`, hidden names, encoded names (%2e) and backslashes are
// refused before any file is opened, and a path whose real location (symbolic links followed) is
// not inside its root is refused too.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::web {

// A path refused, or a file that cannot be read or written: the message says which and why.
struct SandboxError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A file larger than a read may take.
struct FileTooLarge : SandboxError {
  using SandboxError::SandboxError;
};

class FileSandbox {
 public:
  // `workspace` may be empty: then nothing can be written.
  FileSandbox(const std::filesystem::path& games, const std::filesystem::path& workspace);

  // The real file a path names, checked as above. Throws SandboxError.
  std::filesystem::path resolve(std::string_view path, bool for_write) const;
  // The file's text, at most `max_bytes` long. Throws SandboxError (FileTooLarge past the bound).
  std::string read(std::string_view path, std::size_t max_bytes) const;
  // Writes the file (its folder must exist). Throws SandboxError.
  void write(std::string_view path, const std::string& text) const;
  // The files under a root ("games" or "workspace") whose names end with `extension`, sorted, as
  // paths of the form above; subfolders included.
  std::vector<std::string> list(std::string_view root, std::string_view extension) const;

  bool writable() const { return !workspace_.empty(); }
  const std::filesystem::path& games_dir() const { return games_; }

 private:
  std::filesystem::path games_;      // canonical
  std::filesystem::path workspace_;  // canonical, or empty
};

}  // namespace mancala::web
