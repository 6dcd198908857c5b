#include "toml_values.hpp"

#include <algorithm>
#include <limits>

namespace cs::scene_detail {
namespace {

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1u : 0u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

} // namespace

std::string suggestion(std::string_view key, const std::vector<std::string>& candidates) {
    if (const std::string_view replacement = retiredParamReplacement(key); !replacement.empty())
        return ": it was replaced by " + std::string(replacement);
    std::string best;
    std::size_t bestDistance = 3;  // only suggest close matches
    for (const std::string& c : candidates) {
        const std::size_t d = editDistance(key, c);
        if (d < bestDistance) bestDistance = d, best = c;
    }
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::vector<std::string> allParamKeys() {
    std::vector<std::string> keys;
    for (const ParamDef& def : paramTable()) keys.emplace_back(def.key);
    return keys;
}

std::optional<double> number(const toml::node& node) {
    if (auto i = node.as_integer()) return static_cast<double>(i->get());
    if (auto f = node.as_floating_point()) return f->get();
    return std::nullopt;
}

std::optional<int> integer(const toml::node& node) {
    auto i = node.as_integer();
    if (!i || i->get() < std::numeric_limits<int>::min() || i->get() > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(i->get());
}

std::optional<ColliderValue> colliderValueOf(const ColliderField& field, const toml::node& node) {
    std::optional<ColliderValue> value;
    auto vec3 = [](const toml::node& n) -> std::optional<glm::vec3> {
        auto array = n.as_array();
        if (!array || array->size() != 3) return std::nullopt;
        auto a = number(*array->get(0)), b = number(*array->get(1)), c = number(*array->get(2));
        if (!a || !b || !c) return std::nullopt;
        return glm::vec3(*a, *b, *c);
    };
    switch (field.type) {
    case ColliderFieldType::Float:
        if (auto x = number(node)) value = static_cast<float>(*x);
        break;
    case ColliderFieldType::Vec3:
        if (auto v = vec3(node)) value = *v;
        break;
    case ColliderFieldType::Choice:
        if (auto str = node.as_string()) value = std::string(str->get());
        break;
    case ColliderFieldType::Bool:
        if (auto b = node.as_boolean()) value = b->get();
        break;
    case ColliderFieldType::Vec2:
        if (auto array = node.as_array(); array && array->size() == 2) {
            auto a = number(*array->get(0)), b = number(*array->get(1));
            if (a && b) value = glm::vec2(*a, *b);
        }
        break;
    case ColliderFieldType::Vec3List:
        if (auto array = node.as_array()) {
            std::vector<glm::vec3> points;
            bool ok = true;
            for (const toml::node& p : *array) {
                auto v = vec3(p);
                ok = ok && v.has_value();
                if (v) points.push_back(*v);
            }
            if (ok) value = std::move(points);
        }
        break;
    }
    return value;
}

std::variant<ParamValue, std::string> toParamValue(const ParamDef& def, const toml::node& node) {
    const std::string expected = "expected " + std::string(typeName(def.type));
    switch (def.type) {
    case ParamType::Bool:
        if (auto b = node.as_boolean()) return ParamValue(b->get());
        return expected + " (true or false)";
    case ParamType::Int:
        if (auto i = integer(node)) return ParamValue(*i);
        return expected + " (a whole number in " + describeRange(def) + ")";
    case ParamType::Float:
        if (auto x = number(node)) return ParamValue(static_cast<float>(*x));
        return expected + " (a number in " + describeRange(def) + ")";
    case ParamType::Int2: {
        auto array = node.as_array();
        if (array && array->size() == 2) {
            auto a = integer(*array->get(0)), b = integer(*array->get(1));
            if (a && b) return ParamValue(glm::ivec2(*a, *b));
        }
        return expected + " (two whole numbers like [32, 32], " + describeRange(def) + ")";
    }
    case ParamType::Vec3: {
        auto array = node.as_array();
        if (array && array->size() == 3) {
            auto a = number(*array->get(0)), b = number(*array->get(1)), c = number(*array->get(2));
            if (a && b && c) return ParamValue(glm::vec3(*a, *b, *c));
        }
        return expected + " (three numbers like [0, 1, 0], " + describeRange(def) + ")";
    }
    case ParamType::Choice:
    case ParamType::Solver:
        if (auto s = node.as_string()) return ParamValue(std::string(s->get()));
        return "expected a string, " + describeRange(def);
    case ParamType::Path:
        if (auto s = node.as_string()) return ParamValue(std::string(s->get()));
        return expected + " (a file name in quotes, \"\" for none)";
    case ParamType::IntList: {
        if (auto array = node.as_array()) {
            std::vector<int> list;
            for (const toml::node& element : *array) {
                auto i = integer(element);
                if (!i) break;
                list.push_back(*i);
            }
            if (list.size() == array->size()) return ParamValue(std::move(list));
        }
        return expected + " (" + describeRange(def) + ")";
    }
    }
    return expected;
}

std::variant<ParamValue, std::string> resolvePath(const std::string& text, const std::filesystem::path& folder) {
    if (text.empty()) return ParamValue(text);
    const FoundFile found = findSceneFile(text, folder);
    if (!found.path) return "cannot find '" + text + "' (looked " + found.looked + ")";
    return ParamValue(found.path->string());
}

} // namespace cs::scene_detail
