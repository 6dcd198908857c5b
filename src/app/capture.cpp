#include "capture.hpp"

#include "app_context.hpp"
#include "render/screenshot.hpp"

#include <csignal>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <system_error>
#include <unistd.h>

namespace cs {
namespace {

constexpr int kVideoFps = 60;  // one physics step per recorded frame: at dt = 1/60 s it plays at sim speed

std::string frameName(int number) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", number);
    return name;
}

// A path as one word for the shell: in single quotes, each ' written as '\''.
std::string shellQuoted(const std::string& text) {
    std::string quoted = "'";
    for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// `stem`_TIMESTAMP`suffix` in folder, with _2, _3, ... added when that is taken
// (two captures within the same second).
std::filesystem::path freshPath(const std::filesystem::path& folder, const std::string& stem,
                                const std::string& suffix) {
    const std::string base = stem + "_" + captureTimestamp();
    std::filesystem::path path = folder / (base + suffix);
    for (int n = 2; std::filesystem::exists(path); ++n) path = folder / (base + "_" + std::to_string(n) + suffix);
    return path;
}

std::string createFolder(const std::filesystem::path& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder))
        return "cannot create the folder " + folder.string() + (error ? ": " + error.message() : std::string());
    return {};
}

} // namespace

std::optional<std::filesystem::path> findExecutable(std::string_view program, std::string_view searchPath) {
    while (true) {
        const std::size_t colon = searchPath.find(':');
        std::string_view folder = searchPath.substr(0, colon);
        if (folder.empty()) folder = ".";  // an empty entry of PATH means the working directory
        const std::filesystem::path candidate = std::filesystem::path(folder) / program;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (colon == std::string_view::npos) return std::nullopt;
        searchPath.remove_prefix(colon + 1);
    }
}

std::filesystem::path freshCapturePath(const std::filesystem::path& folder, const std::string& stem,
                                       const std::string& suffix) {
    return freshPath(folder, stem, suffix);
}

std::string captureTimestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%d_%H%M%S", &local);
    return text;
}

// --- FrameRecorder -----------------------------------------------------------------

std::string FrameRecorder::start(const std::filesystem::path& folder, bool dropWhenBusy) {
    stop();
    if (std::string error = createFolder(folder); !error.empty()) return error;
    m_folder = folder;
    m_dropWhenBusy = dropWhenBusy;
    m_nextNumber = 1;
    m_dropped = 0;
    m_written = 0;
    m_failed = 0;
    m_stopping = false;
    for (Frame& frame : m_frames) frame.number = 0;
    const char* path = std::getenv("PATH");
    m_ffmpeg = findExecutable("ffmpeg", path ? path : "");
    m_videoWidth = m_videoHeight = 0;
    m_videoNote = m_ffmpeg ? "video through ffmpeg: " + (folder / "recording.mp4").string()
                           : "no ffmpeg: PNG sequence only";
    m_worker = std::thread(&FrameRecorder::work, this);
    return {};
}

void FrameRecorder::captureBackBuffer(int width, int height) {
    if (!recording() || width <= 0 || height <= 0) return;
    std::unique_lock lock(m_mutex);
    auto freeFrame = [this]() -> Frame* {
        for (Frame& frame : m_frames)
            if (frame.number == 0) return &frame;
        return nullptr;
    };
    Frame* frame = freeFrame();
    if (!frame && m_dropWhenBusy) {
        ++m_dropped;  // the encoder is behind: better a gap than a stalled loop
        return;
    }
    if (!frame) {
        m_changed.wait(lock, [&] { return (frame = freeFrame()) != nullptr; });
    }
    lock.unlock();  // the worker never touches a free frame: read into it without the lock
    const std::size_t bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3;
    if (frame->rgb.size() != bytes) frame->rgb.resize(bytes);  // allocates only at the first frame or a resize
    frame->width = width;
    frame->height = height;
    if (!readBackBuffer(width, height, frame->rgb.data())) {
        ++m_failed;
        return;
    }
    lock.lock();
    frame->number = m_nextNumber++;
    m_changed.notify_all();
}

bool FrameRecorder::stop() {
    if (!recording()) return true;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_worker.join();
    return m_failed.load() == 0;
}

std::string FrameRecorder::videoNote() const {
    std::lock_guard lock(m_mutex);
    return m_videoNote;
}

void FrameRecorder::work() {
    int next = 1;  // frames are written in the order they were drawn
    while (true) {
        Frame* frame = nullptr;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [&] {
                for (Frame& f : m_frames)
                    if (f.number == next) frame = &f;
                return frame != nullptr || m_stopping;
            });
            if (!frame) break;  // stopping, and every queued frame is written
        }
        if (writePngBottomUp(m_folder / frameName(frame->number), frame->width, frame->height, frame->rgb.data()))
            ++m_written;
        else
            ++m_failed;
        writeVideo(*frame);
        {
            std::lock_guard lock(m_mutex);
            frame->number = 0;
        }
        m_changed.notify_all();
        ++next;
    }
    closeVideo("");
}

void FrameRecorder::writeVideo(const Frame& frame) {
    if (!m_ffmpeg) return;
    if (!m_video && m_videoWidth == 0) {
        // the first frame fixes the video's size; yuv420p needs even sides, hence the scale
        m_videoWidth = frame.width;
        m_videoHeight = frame.height;
        const std::string command = shellQuoted(m_ffmpeg->string()) +
                                    " -y -loglevel error -f rawvideo -pix_fmt rgb24 -s " + std::to_string(frame.width) +
                                    "x" + std::to_string(frame.height) + " -r " + std::to_string(kVideoFps) +
                                    " -i - -vf " + shellQuoted("vflip,scale=trunc(iw/2)*2:trunc(ih/2)*2") + " -pix_fmt yuv420p " +
                                    shellQuoted((m_folder / "recording.mp4").string());
        std::signal(SIGPIPE, SIG_IGN);  // an ffmpeg that quits must not take the app with it
        m_video = popen(command.c_str(), "w");
        if (!m_video) closeVideo("cannot start ffmpeg: PNG sequence only");
    }
    if (!m_video) return;
    if (frame.width != m_videoWidth || frame.height != m_videoHeight) {
        closeVideo("the window changed size: the video ends there, the PNG sequence goes on");
        return;
    }
    if (std::fwrite(frame.rgb.data(), 1, frame.rgb.size(), m_video) != frame.rgb.size())
        closeVideo("ffmpeg stopped taking frames: the video ends there, the PNG sequence goes on");
}

void FrameRecorder::closeVideo(const std::string& note) {
    if (m_video) {
        const int status = pclose(m_video);
        m_video = nullptr;
        if (note.empty() && status != 0) {
            std::lock_guard lock(m_mutex);
            m_videoNote = "ffmpeg failed (exit status " + std::to_string(status) + "): PNG sequence only";
            return;
        }
    }
    if (note.empty()) return;
    std::lock_guard lock(m_mutex);
    m_videoNote = note;
}

// --- the app's captures ----------------------------------------------------------------

std::string startRecordingInto(AppContext& ctx, const std::filesystem::path& folder) {
    const std::string error = ctx.capture.recorder.start(folder, false);
    if (!error.empty()) return error;
    ctx.capture.message = "recording into " + folder.string() + "; " + ctx.capture.recorder.videoNote();
    std::cerr << "clothsim: " << ctx.capture.message << '\n';
    return {};
}

bool finishRecording(AppContext& ctx) {
    FrameRecorder& recorder = ctx.capture.recorder;
    if (!recorder.recording()) return true;
    const bool ok = recorder.stop();
    ctx.capture.message = "recorded " + std::to_string(recorder.framesWritten()) + " frames into " +
                          recorder.folder().string();
    if (recorder.framesDropped() > 0) ctx.capture.message += ", dropped " + std::to_string(recorder.framesDropped());
    if (recorder.framesFailed() > 0)
        ctx.capture.message += ", " + std::to_string(recorder.framesFailed()) + " could not be written";
    ctx.capture.message += "; " + recorder.videoNote();
    std::cerr << "clothsim: " << ctx.capture.message << '\n';
    return ok;
}

void captureScene(AppContext& ctx, int width, int height) {
    CaptureState& capture = ctx.capture;
    if (ctx.screenshotRequested) {
        ctx.screenshotRequested = false;
        if (std::string error = createFolder(capture.folder); !error.empty()) {
            capture.message = "no screenshot: " + error;
        } else {
            const std::filesystem::path path = freshPath(capture.folder, "screenshot", ".png");
            capture.message = saveScreenshot(path, width, height)
                                  ? "saved " + path.string() + " (" + std::to_string(width) + "x" +
                                        std::to_string(height) + ")"
                                  : "cannot write the screenshot " + path.string();
        }
        std::cerr << "clothsim: " << capture.message << '\n';
    }
    if (ctx.recordToggleRequested) {
        ctx.recordToggleRequested = false;
        if (capture.recorder.recording()) {
            finishRecording(ctx);
        } else {
            const std::filesystem::path folder = freshPath(capture.folder, "rec", "");
            if (const std::string error = capture.recorder.start(folder, true); !error.empty()) {
                capture.message = "not recording: " + error;
                std::cerr << "clothsim: " << capture.message << '\n';
            } else {
                capture.message = "recording into " + folder.string() + "; " + capture.recorder.videoNote();
                std::cerr << "clothsim: " << capture.message << '\n';
            }
        }
    }
    capture.recorder.captureBackBuffer(width, height);
}

} // namespace cs
