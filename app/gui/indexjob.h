#pragma once
// Runs core's build pipeline on a background thread for the GUI and reports progress and the result through
// queued signals, so the window stays responsive; cancel() stops it cleanly (no index is left behind).
// Lives on the GUI thread; start(), cancel() and the signals are the GUI thread's. Only the latest start()'s
// job signals: a job replaced by another may already have posted its result, which is then dropped (a late
// success of the previous profile would open its index in place of the one asked for).
#include "core/pipeline/buildpipeline.h"

#include <QObject>
#include <atomic>
#include <thread>

namespace rs::gui {

class IndexJob : public QObject {
    Q_OBJECT
  public:
    explicit IndexJob(QObject* parent = nullptr) : QObject(parent) {}
    ~IndexJob() override;
    void start(const QString& profileDir, const pipeline::BuildOptions& opts);
    void cancel() { m_cancel = true; }
    bool running() const { return m_running; }

  Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal, qint64 events, double elapsedSec, QString phase);
    void finished(bool ok, bool cancelled, QString dbPath, QString error, double seconds, bool reused);

  private:
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    quint64 m_generation = 0; ///< start() count (GUI thread only): a posted signal of an older job is dropped
};

} // namespace rs::gui
