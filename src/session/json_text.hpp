#pragma once
// How the session writes JSON (the --stats-json of a run or a replay, the soak's
// summary): built as nlohmann-json values, the fields in the order they are set
// (the order the readers and the tests know), and printed one way.
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace cs {

// ordered: the fields stay in the order they were set, not sorted by name
using Json = nlohmann::ordered_json;

// null when not finite (JSON has no NaN or infinity; readers test for null).
// A float is written as the shortest decimal that reads back as the same float
// ("0.0033333334", not its double's 17 digits); a double as the shortest that
// reads back as the same double.
Json jsonNumber(float x);
Json jsonNumber(double x);
Json jsonVec(glm::vec3 v);  // [x, y, z]

// Indented by 2, one value a line, ending in a newline. UTF-8 is kept; a byte that
// is not UTF-8 (a Latin-1 file name) becomes U+FFFD, so the text is always valid JSON.
std::string jsonText(const Json& value);

} // namespace cs
