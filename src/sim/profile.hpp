#pragma once
// Phase timers: a scope adds its wall time to a float of milliseconds. Used once
// per phase per step (not per particle), so the clock reads cost nothing measurable.
#include <chrono>

namespace cs {

class ScopeTimer {
public:
    explicit ScopeTimer(float& accumulateMs) : m_target(accumulateMs), m_start(std::chrono::steady_clock::now()) {}
    ~ScopeTimer() {
        m_target += std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - m_start).count();
    }
    ScopeTimer(const ScopeTimer&) = delete;
    ScopeTimer& operator=(const ScopeTimer&) = delete;

private:
    float& m_target;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace cs

#define CS_CONCAT_INNER(a, b) a##b
#define CS_CONCAT(a, b) CS_CONCAT_INNER(a, b)
// Adds the scope's wall time to a float of milliseconds (the step's phase timers).
#define CS_TIME_SCOPE(target) ::cs::ScopeTimer CS_CONCAT(csScopeTimer_, __LINE__)(target)
