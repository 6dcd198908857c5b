#pragma once
// Pictures of the scene as it is drawn, without the panels: a screenshot (F12)
// and recordings (F9, the Record button, --record DIR) as a numbered PNG
// sequence, plus an MP4 when ffmpeg is installed.
//
// The loop reads the back buffer after the scene is drawn and before ImGui
// draws over it. Encoding a PNG takes longer than a frame, so a recording hands
// each frame to a worker thread through a fixed pool of frame buffers: when the
// worker falls behind and every buffer is waiting, an interactive recording
// drops the frame and counts it ("dropped N"); a --record run waits instead, so
// that it writes every frame. The worker writes frame_00001.png, ... in order
// and, when ffmpeg is on PATH, pipes the same raw frames to it.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace cs {

struct AppContext;

// The executable `program` in the first folder of `searchPath` (PATH's format:
// folders separated by ':') that has it; empty when none has.
std::optional<std::filesystem::path> findExecutable(std::string_view program, std::string_view searchPath);

// The local time now as YYYYmmdd_HHMMSS, for capture file names.
std::string captureTimestamp();

// folder/STEM_TIMESTAMP`suffix`, with _2, _3, ... added when that is taken: where a
// screenshot, a recording or a history export goes.
std::filesystem::path freshCapturePath(const std::filesystem::path& folder, const std::string& stem,
                                       const std::string& suffix);

class FrameRecorder {
public:
    FrameRecorder() = default;
    ~FrameRecorder() { stop(); }
    FrameRecorder(const FrameRecorder&) = delete;
    FrameRecorder& operator=(const FrameRecorder&) = delete;

    // Starts a recording into `folder` (created if missing). With dropWhenBusy a
    // frame that finds every buffer waiting is dropped; without, the loop waits.
    // Returns what went wrong, or empty.
    std::string start(const std::filesystem::path& folder, bool dropWhenBusy);

    // Queues the current back buffer (width x height pixels) as the next frame.
    void captureBackBuffer(int width, int height);

    // Waits for the queued frames to be written and closes the video. Returns
    // whether every queued frame was written (true when nothing was recording).
    bool stop();

    bool recording() const { return m_worker.joinable(); }
    const std::filesystem::path& folder() const { return m_folder; }
    int framesWritten() const { return m_written.load(); }
    int framesDropped() const { return m_dropped; }
    int framesFailed() const { return m_failed.load(); }
    // What happens to the video: "video: DIR/recording.mp4", "no ffmpeg: PNG sequence only", ...
    std::string videoNote() const;

private:
    static constexpr int kBuffers = 6;  // frames that may wait for the encoder
    struct Frame {
        std::vector<std::uint8_t> rgb;  // bottom row first, as GL reads it
        int width = 0;
        int height = 0;
        int number = 0;                 // 1, 2, ...; 0: the buffer is free
    };

    void work();
    void writeVideo(const Frame& frame);
    void closeVideo(const std::string& note);

    std::filesystem::path m_folder;
    bool m_dropWhenBusy = true;
    Frame m_frames[kBuffers];
    int m_nextNumber = 1;
    int m_dropped = 0;
    std::atomic<int> m_written{0};
    std::atomic<int> m_failed{0};
    bool m_stopping = false;
    mutable std::mutex m_mutex;         // guards the frames' numbers, m_stopping and the video note
    std::condition_variable m_changed;  // a frame was queued, written, or the recording stops
    std::thread m_worker;
    // the video, touched by the worker only (the note also by the UI, under the mutex)
    std::optional<std::filesystem::path> m_ffmpeg;
    FILE* m_video = nullptr;
    int m_videoWidth = 0;
    int m_videoHeight = 0;
    std::string m_videoNote;
};

// The app's captures: where they go and what was last said about them.
struct CaptureState {
    std::filesystem::path folder = "captures";  // --capture-dir; relative to the working directory
    FrameRecorder recorder;
    std::string message;                        // shown in the timeline window
};

// After the scene is drawn and before the panels: carries out F12 (a screenshot),
// F9 (start or stop a recording into folder/rec_TIMESTAMP) and records this frame.
void captureScene(AppContext& ctx, int width, int height);

// --record DIR: records every frame into DIR, waiting for the encoder rather than
// dropping frames. Returns what went wrong, or empty.
std::string startRecordingInto(AppContext& ctx, const std::filesystem::path& folder);

// Ends a recording, telling stderr (and the panel) where the frames went.
// Returns whether every frame was written.
bool finishRecording(AppContext& ctx);

} // namespace cs
