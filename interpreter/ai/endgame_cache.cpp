// The endgame table on disk (endgame_cache.hpp).
#include "interpreter/ai/endgame_cache.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

namespace mancala::ai {

namespace {

struct Header {
  char magic[8];
  std::uint64_t rules_key;
  std::uint32_t pits, most;
  std::uint64_t words;
  std::uint64_t checksum;
};
constexpr char kMagic[8] = {'M', 'N', 'C', 'L', 'E', 'G', 'T', '1'};

std::uint64_t checksum(const std::uint32_t* words, std::uint64_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::uint64_t i = 0; i < n; ++i) h = (h ^ words[i]) * 0x100000001b3ull;
  return h;
}

struct CloseFile {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// The `most` of each table file under `dir` for `rules_key` and `pits` (endgame_cache_file's names).
std::vector<int> kept_tables(const std::string& dir, std::uint64_t rules_key, int pits) {
  std::vector<int> kept;
  const std::string prefix = fmt::format("endgame-{:016x}-{}-", rules_key, pits);
  std::error_code error;
  for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with(prefix) || !name.ends_with(".bin")) continue;
    const std::string most = name.substr(prefix.size(), name.size() - prefix.size() - 4);
    if (most.empty() || most.size() > 4 || most.find_first_not_of("0123456789") != std::string::npos) continue;
    kept.push_back(std::stoi(most));
  }
  return kept;
}

}  // namespace

int largest_kept_endgame_table(const std::string& dir, std::uint64_t rules_key, int pits) {
  int largest = 0;
  for (int most : kept_tables(dir, rules_key, pits)) largest = std::max(largest, most);
  return largest;
}

void remove_endgame_tables_below(const std::string& dir, std::uint64_t rules_key, int pits, int most) {
  std::error_code error;
  for (int kept : kept_tables(dir, rules_key, pits))
    if (kept < most) std::filesystem::remove(endgame_cache_file(dir, rules_key, pits, kept), error);
}

std::string endgame_cache_file(const std::string& dir, std::uint64_t rules_key, int pits, int most) {
  return fmt::format("{}/endgame-{:016x}-{}-{}.bin", dir, rules_key, pits, most);
}

bool read_endgame_table(const std::string& file, std::uint64_t rules_key, EndgameTable& table) {
  std::unique_ptr<std::FILE, CloseFile> in(std::fopen(file.c_str(), "rb"));
  if (!in) return false;
  Header h{};
  if (std::fread(&h, sizeof h, 1, in.get()) != 1) return false;
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.rules_key != rules_key ||
      h.pits != static_cast<std::uint32_t>(table.pits()) || h.most != static_cast<std::uint32_t>(table.most()) ||
      h.words != table.words())
    return false;
  std::uint32_t* words = table.data();
  if (std::fread(words, sizeof(std::uint32_t), h.words, in.get()) != h.words || std::fgetc(in.get()) != EOF ||
      checksum(words, h.words) != h.checksum) {
    std::memset(words, 0, h.words * sizeof(std::uint32_t));  // nothing of a bad file is kept
    return false;
  }
  return true;
}

bool write_endgame_table(const std::string& file, std::uint64_t rules_key, const EndgameTable& table) {
  std::error_code error;
  std::filesystem::create_directories(std::filesystem::path(file).parent_path(), error);
  const std::string temporary = fmt::format("{}.{}.tmp", file, getpid());
  {
    std::unique_ptr<std::FILE, CloseFile> out(std::fopen(temporary.c_str(), "wb"));
    if (!out) return false;
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.rules_key = rules_key;
    h.pits = static_cast<std::uint32_t>(table.pits());
    h.most = static_cast<std::uint32_t>(table.most());
    h.words = table.words();
    h.checksum = checksum(table.data(), h.words);
    if (std::fwrite(&h, sizeof h, 1, out.get()) != 1 ||
        std::fwrite(table.data(), sizeof(std::uint32_t), h.words, out.get()) != h.words || std::fflush(out.get()) != 0) {
      out.reset();
      std::filesystem::remove(temporary, error);
      return false;
    }
  }
  std::filesystem::rename(temporary, file, error);
  if (!error) return true;
  std::filesystem::remove(temporary, error);
  return false;
}

}  // namespace mancala::ai
