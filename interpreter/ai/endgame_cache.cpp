// The endgame table on disk (endgame_cache.hpp).
#include "interpreter/ai/endgame_cache.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

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

}  // namespace

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
