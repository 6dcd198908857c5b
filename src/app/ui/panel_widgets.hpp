#pragma once
// What the ImGui panels of the main window share (panels.cpp, collider_panel.cpp,
// stats_panel.cpp): the colours of errors, on-reset labels and dim text, a view of
// text, and the dismissable error box. For the app's ui/ files only.
#include <imgui.h>

#include <string>
#include <string_view>

namespace cs::panel {

inline const ImVec4 kErrorColor(1.0f, 0.35f, 0.30f, 1.0f);
inline const ImVec4 kOnResetColor(1.0f, 0.72f, 0.25f, 1.0f);  // labels of parameters that apply on reset
inline const ImVec4 kDimColor(0.60f, 0.60f, 0.65f, 1.0f);

inline void textView(std::string_view text) { ImGui::TextUnformatted(text.data(), text.data() + text.size()); }

inline void errorBox(const char* id, std::string& message) {
    if (message.empty()) return;
    ImGui::PushID(id);
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("dismiss")) message.clear();
    ImGui::PopID();
}

} // namespace cs::panel
