#pragma once
// Every keyboard shortcut of the app in one table: the key(s) as the help shows
// them, their key codes, the modifiers, what the help says and what pressing it
// does to the AppContext. The key callback is a lookup in this table, the help
// window prints it, and a test presses every row without a window. Key codes and
// modifier bits are GLFW's values, kept as plain ints so that GLFW stays out of
// this header.
#include <array>
#include <span>

namespace cs {

struct AppContext;

// GLFW's modifier bits (GLFW_MOD_SHIFT, _CONTROL, _ALT, _SUPER).
inline constexpr int kModShift = 0x1;
inline constexpr int kModControl = 0x2;
inline constexpr int kModAlt = 0x4;
inline constexpr int kModSuper = 0x8;
// The modifiers that tell bindings apart; Shift, Caps Lock and Num Lock are ignored,
// so that a key works whatever their state.
inline constexpr int kBindingMods = kModControl | kModAlt | kModSuper;

struct KeyBinding {
    const char* keys;                  // as the help shows them: "ctrl + Z", "0 1 2 3"
    std::array<int, 4> codes;          // GLFW key codes; 0 ends the list
    int mods;                          // required modifiers, of kBindingMods
    bool repeats;                      // acts again while held (auto-repeat)
    const char* action;                // what the help says it does
    // What it does to the context; `which` is the position of the pressed key in
    // `codes` (the corner of 0..3, the direction of Left/Right).
    void (*apply)(AppContext& ctx, int which);
};

std::span<const KeyBinding> keyBindings();

// The row bound to a key with these modifiers (only kBindingMods count), or null.
// `which` receives the key's position in the row's codes.
const KeyBinding* findKeyBinding(int key, int mods, int* which = nullptr);

// A key press (or, with `repeat`, an auto-repeat): looks the key up and applies
// its row. Needs no window and no GLFW; returns whether a row took the key.
bool dispatchKey(AppContext& ctx, int key, int mods, bool repeat = false);

// The help window's second table: what the mouse does.
struct GestureHelp {
    const char* gesture;
    const char* action;
};
std::span<const GestureHelp> mouseGestures();

} // namespace cs
