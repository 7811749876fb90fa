#include "core/index/backgroundremoval.h"

#include <filesystem>

namespace rs::index {

BackgroundRemoval::~BackgroundRemoval() {
    wait();
    {
        std::lock_guard lock(m_mutex);
        m_pending.push_back({}); // an empty path tells the thread to end
    }
    m_changed.notify_all();
    if (m_thread.joinable()) m_thread.join();
}

BackgroundRemoval& BackgroundRemoval::process() {
    static BackgroundRemoval removal;
    return removal;
}

void BackgroundRemoval::remove(std::vector<std::string> paths) {
    {
        std::lock_guard lock(m_mutex);
        for (std::string& p : paths)
            if (!p.empty()) m_pending.push_back(std::move(p));
        if (!m_thread.joinable()) m_thread = std::thread([this] { run(); });
    }
    m_changed.notify_all();
}

void BackgroundRemoval::wait() {
    std::unique_lock lock(m_mutex);
    m_waiting = true;
    m_changed.notify_all();
    m_changed.wait(lock, [this] { return (m_pending.empty() || m_pending.back().empty()) && m_busy == 0; });
    m_waiting = false;
}

void BackgroundRemoval::run() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] {
            return !m_pending.empty() && (!m_hold || m_waiting || m_pending.back().empty());
        });
        std::vector<std::string> batch;
        batch.swap(m_pending);
        const bool end = batch.back().empty();
        if (end) batch.pop_back();
        m_busy = int(batch.size());
        lock.unlock();
        for (const std::string& p : batch) {
            std::error_code ec; // gone already (another build's cleanup) or not removable: a leftover of ours
            std::filesystem::remove(p, ec);
        }
        lock.lock();
        m_busy = 0;
        m_changed.notify_all();
        if (end) return;
    }
}

} // namespace rs::index
