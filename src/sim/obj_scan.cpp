// The OBJ text scan (see obj_scan.hpp): record lines, refuse what tinyobjloader
// would read silently as something else.
#include "obj_scan.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace cs {
namespace {

constexpr const char* kCoordinateRange =
    "coordinates are finite decimal numbers of magnitude at most 3.4e38 (a 32-bit float)";
constexpr const char* kCornerForm =
    "a corner is v, v/vt, v//vn or v/vt/vn with whole numbers from 1 (or back from -1 for the latest), never 0";
constexpr long long kMaxIndex = std::numeric_limits<int>::max();  // tinyobjloader keeps indices in an int

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// A word as the message quotes it: cut short, since a broken file may hold a word
// of megabytes.
std::string quoted(std::string_view word) {
    constexpr std::size_t kLongest = 40;  // characters
    return "'" + std::string(word.substr(0, kLongest)) + (word.size() > kLongest ? "...'" : "'");
}

// The blank-separated words of `line`.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t q = 0;
    while (q < line.size()) {
        while (q < line.size() && isBlank(line[q])) ++q;
        if (q >= line.size()) break;
        const std::size_t start = q;
        while (q < line.size() && !isBlank(line[q])) ++q;
        out.push_back(line.substr(start, q - start));
    }
    return out;
}

// For a decimal a double cannot hold: whether it is too large (otherwise too small,
// and it reads as 0). Its order of magnitude is where its first non-zero digit
// stands plus its exponent.
bool overflows(std::string_view t) {
    if (!t.empty() && (t[0] == '-' || t[0] == '+')) t.remove_prefix(1);
    const std::size_t e = t.find_first_of("eE");
    const std::string_view mantissa = t.substr(0, e);
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const std::size_t first = mantissa.find_first_of("123456789");
    if (first == std::string_view::npos) return false;
    long long order = first < point ? static_cast<long long>(point - first) - 1
                                    : -static_cast<long long>(first - point);
    if (e != std::string_view::npos) {
        std::string_view exponent = t.substr(e + 1);
        const bool negative = !exponent.empty() && exponent[0] == '-';
        if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.remove_prefix(1);
        long long value = 0;
        for (char c : exponent) value = std::min(10 * value + (c - '0'), 1'000'000'000LL);  // only its size matters
        order += negative ? -value : value;
    }
    return order > 0;
}

// "" when `word` is a coordinate a float holds (stored in `out`); otherwise why not.
std::string readCoordinate(std::string_view word, float& out) {
    std::string_view digits = word;
    if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-') digits.remove_prefix(1);  // from_chars knows no '+'
    double value = 0.0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    const bool whole = end == digits.data() + digits.size();
    if (ec == std::errc::result_out_of_range && whole) {
        if (overflows(digits)) return quoted(word) + " is too large";
        out = 0.0f;  // below the smallest double: 0, as tinyobjloader reads it
        return {};
    }
    if (ec != std::errc() || !whole) return quoted(word) + " is not a number";
    if (!std::isfinite(value)) return quoted(word) + " is not a finite number";
    if (std::abs(value) > kMaxObjCoordinate) return quoted(word) + " is too large";
    out = static_cast<float>(value);
    return {};
}

// "" when `word` is a whole number in [-kMaxIndex, kMaxIndex] other than 0
// (stored in `value`); otherwise why not.
std::string readIndex(std::string_view word, long long& value) {
    std::string_view digits = word;
    if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-') digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    const bool whole = end == digits.data() + digits.size() && !digits.empty();
    if (ec == std::errc::result_out_of_range && whole) value = digits[0] == '-' ? -kMaxIndex - 1 : kMaxIndex + 1;
    else if (ec != std::errc() || !whole) return quoted(word) + " is not a whole number";
    if (value == 0) return "0 names no vertex: OBJ counts from 1 (or back from -1)";
    if (value > kMaxIndex || value < -kMaxIndex)
        return quoted(word) + " is out of range (allowed 1 to 2147483647, or -1 to -2147483647)";
    return {};
}

// "" when `corner` of a face is well formed and its vertex exists so far (for a
// backward number); otherwise why not.
std::string checkCorner(std::string_view corner, std::size_t verticesBefore) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t slash = corner.find('/', start);
        parts.push_back(corner.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const std::string form = quoted(corner) + " is not a face corner; " + kCornerForm;
    if (parts.size() > 3) return form;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const bool mayBeEmpty = k == 1 && parts.size() == 3;  // v//vn
        if (parts[k].empty()) {
            if (mayBeEmpty) continue;
            return form;
        }
        long long value = 0;
        if (std::string why = readIndex(parts[k], value); !why.empty())
            return (k == 0 ? "vertex number " : k == 1 ? "texture coordinate number " : "normal number ") + why;
        if (k == 0 && value < 0 && static_cast<unsigned long long>(-value) > verticesBefore)
            return "vertex number " + std::to_string(value) + " counts back past the first vertex: " +
                   (verticesBefore == 0 ? std::string("no vertex comes before this face (allowed 1 up)")
                                        : std::to_string(verticesBefore) + " vertices come before this face (allowed -1 to -" +
                                              std::to_string(verticesBefore) + ", or 1 up)");
    }
    return {};
}

} // namespace

ObjScan scanObj(std::string_view text) {
    ObjScan scan;
    auto fail = [&](int line, std::string message) {
        scan.problemLine = line;
        scan.problem = std::move(message);
        return scan;
    };
    int line = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
        const std::size_t end = i;
        if (i < text.size()) i += (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ? 2 : 1;
        ++line;
        std::size_t p = start;
        while (p < end && isBlank(text[p])) ++p;
        const std::string_view record = text.substr(p, end - p);
        if (record.size() >= 2 && record[0] == 'v' && isBlank(record[1])) {
            // a vertex: x y z, then w or r g b, which we do not use
            const std::string name = "vertex " + std::to_string(scan.vertexLines.size());
            const std::vector<std::string_view> numbers = words(record.substr(2));
            if (numbers.size() < 3)
                return fail(line, name + " has " + std::to_string(numbers.size()) + " coordinate" +
                                      (numbers.size() == 1 ? "" : "s") + "; a v line needs x, y and z, and " +
                                      kCoordinateRange);
            for (int k = 0; k < 3; ++k) {
                float value = 0.0f;
                if (std::string why = readCoordinate(numbers[k], value); !why.empty())
                    return fail(line, name + ": its " + "xyz"[k] + " coordinate " + why + "; " + kCoordinateRange);
                scan.positions.push_back(value);
            }
            scan.vertexLines.push_back(line);
        } else if (record.size() >= 3 && record[0] == 'v' && record[1] == 't' && isBlank(record[2])) {
            // a texture coordinate: u, and v when written (tinyobjloader reads no more)
            const std::string name = "texture coordinate " + std::to_string(scan.uv.size() / 2);
            const std::vector<std::string_view> numbers = words(record.substr(3));
            if (numbers.empty()) return fail(line, name + " has no u; a vt line needs u and may have v, and " + kCoordinateRange);
            for (std::size_t k = 0; k < 2; ++k) {
                float value = 0.0f;  // v when not written, as tinyobjloader reads it
                if (k < numbers.size())
                    if (std::string why = readCoordinate(numbers[k], value); !why.empty())
                        return fail(line, name + ": its " + "uv"[k] + " coordinate " + why + "; " + kCoordinateRange);
                scan.uv.push_back(value);
            }
        } else if (record.size() >= 2 && record[0] == 'f' && isBlank(record[1])) {
            const std::string name = "face " + std::to_string(scan.faceLines.size());
            const std::vector<std::string_view> corners = words(record.substr(2));
            if (corners.size() < 3)
                return fail(line, name + " has " + std::to_string(corners.size()) + " corner" +
                                      (corners.size() == 1 ? "" : "s") + "; a face needs at least three");
            if (corners.size() > 255) return fail(line, name + " has more than 255 corners");
            for (std::size_t k = 0; k < corners.size(); ++k)
                if (std::string why = checkCorner(corners[k], scan.vertexLines.size()); !why.empty())
                    return fail(line, name + ", corner " + std::to_string(k + 1) + ": " + why);
            scan.faceLines.push_back(line);
        }
    }
    return scan;
}

} // namespace cs
