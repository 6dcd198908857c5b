#include "json_text.hpp"

#include <charconv>
#include <cmath>

namespace cs {

Json jsonNumber(float x) {
    if (!std::isfinite(x)) return nullptr;
    // the float's shortest decimal, held as the double nearest to it, which
    // nlohmann-json prints with the same digits (charconv: no locale)
    char text[32];
    const char* end = std::to_chars(text, text + sizeof text, x).ptr;
    double nearest = 0.0;
    std::from_chars(text, end, nearest);
    return nearest;
}

Json jsonNumber(double x) {
    if (!std::isfinite(x)) return nullptr;
    return x;
}

Json jsonVec(glm::vec3 v) { return Json::array({jsonNumber(v.x), jsonNumber(v.y), jsonNumber(v.z)}); }

std::string jsonText(const Json& value) {
    return value.dump(2, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace) + "\n";
}

} // namespace cs
