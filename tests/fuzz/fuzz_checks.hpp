#pragma once
// What must hold for ANY input to the scene reader, to `--set` and to the OBJ
// mesh importer, whether the
// input is accepted or not. The libFuzzer targets and the regression replay
// (fuzz_regression_test.cpp) check the same things, so a crash or a broken
// promise found by fuzzing stays fixed in the normal build.
#include "scene/scene.hpp"
#include "sim/mesh_import.hpp"
#include "sim/params.hpp"

#include <cmath>
#include <string>
#include <string_view>

namespace cs::fuzz {

// "" when every parameter of `settings` passes the table's own validation;
// otherwise which one does not.
inline std::string firstInvalidParam(const Settings& settings) {
    for (const ParamDef& def : paramTable()) {
        // a path may name a file that is not there; its value is still text
        if (def.type == ParamType::Path) continue;
        if (std::string message = validateParam(def, getParam(settings, def)); !message.empty())
            return std::string(def.key) + ": " + message;
    }
    return {};
}

// "" when the promise holds: a scene comes back with valid values, or errors
// come back, each naming the file and saying why.
inline std::string checkSceneText(std::string_view text) {
    constexpr const char* kFileName = "fuzz.toml";
    const SceneLoad load = parseScene(text, kFileName);
    if (load.ok()) {
        if (!load.errors.empty()) return "a scene and errors at once";
        return firstInvalidParam(load.scene->settings);
    }
    if (load.errors.empty()) return "no scene and no error";
    for (const SceneError& error : load.errors) {
        if (error.message.empty()) return "an error without a message";
        if (error.file != kFileName) return "an error naming '" + error.file + "' instead of the file";
    }
    return {};
}

// "" when the promise holds: `--set KEY=VALUE` either stores a valid value or
// says why not and changes nothing.
inline std::string checkAssignment(std::string_view assignment) {
    Settings settings = defaultSettings();
    const std::string error = applyOverride(settings, assignment);
    if (error.empty()) return firstInvalidParam(settings);
    static const Settings kDefaults = defaultSettings();
    for (const ParamDef& def : paramTable()) {
        const ParamValue now = getParam(settings, def);
        // the defaults hold no NaN, so == is exact here
        if (!(now == getParam(kDefaults, def)))
            return "rejected ('" + error + "') but changed " + std::string(def.key);
    }
    return {};
}

// "" when an import result keeps the promise: an error "NAME: what" or
// "NAME:LINE: what", or a mesh whose every position and rest UV is finite and
// whose every triangle names three vertices that exist.
inline std::string checkMeshImport(const MeshImport& mesh, const std::string& name) {
    if (!mesh.shape) {
        if (mesh.error.rfind(name + ":", 0) != 0) return "an error that does not start with '" + name + ":': " + mesh.error;
        std::size_t at = name.size() + 1;
        while (at < mesh.error.size() && std::isdigit(static_cast<unsigned char>(mesh.error[at]))) ++at;
        if (at > name.size() + 1 && (at >= mesh.error.size() || mesh.error[at] != ':')) return "a line without ':': " + mesh.error;
        if (mesh.error.size() < at + 3) return "an error without a message: " + mesh.error;
        return {};
    }
    if (!mesh.error.empty()) return "a mesh and an error at once: " + mesh.error;
    const ClothShape& shape = *mesh.shape;
    const std::size_t n = shape.positions.size();
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 p = shape.positions[i];
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return "vertex " + std::to_string(i) + " is not finite";
    }
    if (shape.restUV.size() != n) return "rest UV for " + std::to_string(shape.restUV.size()) + " of " + std::to_string(n) + " vertices";
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(shape.restUV[i].x) || !std::isfinite(shape.restUV[i].y))
            return "the rest UV of vertex " + std::to_string(i) + " is not finite";
    if (shape.triangles.empty()) return "a mesh without triangles";
    for (std::size_t t = 0; t < shape.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k)
            if (shape.triangles[t][k] >= n)
                return "triangle " + std::to_string(t) + " names vertex " + std::to_string(shape.triangles[t][k]) + " of " +
                       std::to_string(n);
    return {};
}

// "" when the promise holds for OBJ text, read as one piece and as several.
inline std::string checkObjText(std::string_view text) {
    constexpr const char* kFileName = "fuzz.obj";
    for (const bool allowPieces : {false, true})
        if (std::string broken = checkMeshImport(importObjText(text, kFileName, {}, allowPieces), kFileName); !broken.empty())
            return std::string(allowPieces ? "pieces allowed: " : "one piece: ") + broken;
    return {};
}

} // namespace cs::fuzz
