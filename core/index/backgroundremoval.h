#pragma once
// Files removed off the calling thread. Unlinking the last name of a large file frees its blocks before
// unlink() returns (0.26 s for a 270 MB index on ext4 under load, 0.05 s for a build's scratch), which a
// rebuild used to pay inside its commit. The commit now swaps the old index out under a name of its own
// and hands that name here (core/index/indexstore.h), so the freeing runs while the caller goes on
// (prints its summary, opens the new index).
// Every name handed here starts with "<index>.tmp-": a process killed before the removal leaves a file that
// the next build of that index (with its lock), a reuse of it, and `rankscope cache clean` all remove.
// Thread-safe. The process's instance waits for its removals when it is destroyed (at exit).
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace rs::index {

class BackgroundRemoval {
  public:
    /// `holdUntilWait`: remove nothing until wait() (a test looks at the files set aside first).
    explicit BackgroundRemoval(bool holdUntilWait = false) : m_hold(holdUntilWait) {}
    ~BackgroundRemoval();
    BackgroundRemoval(const BackgroundRemoval&) = delete;
    BackgroundRemoval& operator=(const BackgroundRemoval&) = delete;
    /// The process's instance, waited for at exit (static destruction).
    static BackgroundRemoval& process();
    /// Removes `paths` (files; a missing one is not an error) on a thread of this object.
    void remove(std::vector<std::string> paths);
    /// Returns once every path handed over so far is removed (or was not there).
    void wait();

  private:
    void run();

    const bool m_hold;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::string> m_pending; ///< handed over, not yet being removed
    int m_busy = 0;                     ///< paths taken by the thread, not yet removed
    bool m_waiting = false;             ///< wait() released a held queue
    std::thread m_thread;               ///< started with the first removal
};

} // namespace rs::index
