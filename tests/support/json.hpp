#pragma once
// A small strict JSON reader for tests: enough to check that the headless
// runner writes valid JSON and to read its numbers back.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace cs::test {

struct Json {
    using Array = std::vector<Json>;
    using Object = std::map<std::string, Json>;
    std::variant<std::nullptr_t, bool, double, std::string, std::shared_ptr<Array>, std::shared_ptr<Object>> value;

    bool isNumber() const { return std::holds_alternative<double>(value); }
    bool isString() const { return std::holds_alternative<std::string>(value); }
    bool isArray() const { return std::holds_alternative<std::shared_ptr<Array>>(value); }
    bool isObject() const { return std::holds_alternative<std::shared_ptr<Object>>(value); }
    double number() const { return std::get<double>(value); }
    const std::string& string() const { return std::get<std::string>(value); }
    const Array& array() const { return *std::get<std::shared_ptr<Array>>(value); }
    const Object& object() const { return *std::get<std::shared_ptr<Object>>(value); }
    bool has(const std::string& key) const { return isObject() && object().count(key) > 0; }
    const Json& operator[](const std::string& key) const { return object().at(key); }
};

class JsonReader {
public:
    explicit JsonReader(const std::string& text) : m_text(text) {}

    // The whole text must be exactly one JSON value (plus whitespace).
    std::optional<Json> read() {
        auto v = value();
        skipSpace();
        if (!v || m_pos != m_text.size()) return std::nullopt;
        return v;
    }

private:
    void skipSpace() {
        while (m_pos < m_text.size() && std::string(" \t\r\n").find(m_text[m_pos]) != std::string::npos) ++m_pos;
    }
    bool eat(char c) {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) return ++m_pos, true;
        return false;
    }
    bool literal(const char* word) {
        const std::string w(word);
        if (m_text.compare(m_pos, w.size(), w) != 0) return false;
        m_pos += w.size();
        return true;
    }
    std::optional<std::string> string() {
        if (!eat('"')) return std::nullopt;
        std::string out;
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            char c = m_text[m_pos++];
            if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
            if (c == '\\') {
                if (m_pos >= m_text.size()) return std::nullopt;
                const char e = m_text[m_pos++];
                if (e == 'u') {
                    if (m_pos + 4 > m_text.size()) return std::nullopt;
                    out += static_cast<char>(std::stoi(m_text.substr(m_pos, 4), nullptr, 16));
                    m_pos += 4;
                    continue;
                }
                const std::string from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
                const auto k = from.find(e);
                if (k == std::string::npos) return std::nullopt;
                c = to[k];
            }
            out += c;
        }
        if (m_pos >= m_text.size()) return std::nullopt;
        ++m_pos;
        return out;
    }
    std::optional<Json> value() {
        skipSpace();
        if (m_pos >= m_text.size()) return std::nullopt;
        const char c = m_text[m_pos];
        if (c == '{') {
            ++m_pos;
            auto object = std::make_shared<Json::Object>();
            if (eat('}')) return Json{object};
            do {
                auto key = string();
                if (!key || !eat(':')) return std::nullopt;
                auto v = value();
                if (!v) return std::nullopt;
                (*object)[*key] = *v;
            } while (eat(','));
            if (!eat('}')) return std::nullopt;
            return Json{object};
        }
        if (c == '[') {
            ++m_pos;
            auto array = std::make_shared<Json::Array>();
            if (eat(']')) return Json{array};
            do {
                auto v = value();
                if (!v) return std::nullopt;
                array->push_back(*v);
            } while (eat(','));
            if (!eat(']')) return std::nullopt;
            return Json{array};
        }
        if (c == '"') {
            auto s = string();
            if (!s) return std::nullopt;
            return Json{*s};
        }
        if (literal("true")) return Json{true};
        if (literal("false")) return Json{false};
        if (literal("null")) return Json{nullptr};
        const std::size_t start = m_pos;
        if (m_text[m_pos] == '-') ++m_pos;
        while (m_pos < m_text.size() && std::string("0123456789.eE+-").find(m_text[m_pos]) != std::string::npos) ++m_pos;
        if (start == m_pos) return std::nullopt;
        try {
            std::size_t used = 0;
            const double d = std::stod(m_text.substr(start, m_pos - start), &used);
            if (used != m_pos - start) return std::nullopt;
            return Json{d};
        } catch (...) {
            return std::nullopt;
        }
    }

    const std::string& m_text;
    std::size_t m_pos = 0;
};

} // namespace cs::test
