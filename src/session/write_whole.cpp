#include "write_whole.hpp"

#include <cerrno>
#include <cstdio>
#include <system_error>

namespace cs {

std::filesystem::path temporaryPathFor(const std::filesystem::path& file) {
    std::filesystem::path temp = file;
    temp += ".tmp";
    return temp;
}

std::string errnoText(int error) { return std::generic_category().message(error); }

std::string writeFileWhole(const std::filesystem::path& file, std::string_view bytes) {
    const std::filesystem::path temp = temporaryPathFor(file);
    std::FILE* stream = std::fopen(temp.c_str(), "wb");
    if (!stream) return "cannot write " + file.string() + ": " + errnoText(errno);
    int error = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), stream) != bytes.size()) error = errno;
    if (std::fflush(stream) != 0 && error == 0) error = errno;
    if (std::fclose(stream) != 0 && error == 0) error = errno;
    std::error_code ignored;
    if (error != 0) {
        std::filesystem::remove(temp, ignored);
        return "cannot write " + file.string() + ": " + errnoText(error);
    }
    std::error_code renamed;
    std::filesystem::rename(temp, file, renamed);
    if (renamed) {
        std::filesystem::remove(temp, ignored);
        return "cannot write " + file.string() + ": " + renamed.message();
    }
    return "";
}

} // namespace cs
