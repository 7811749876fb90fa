#pragma once
// Runs core's build pipeline on a background thread for the GUI and reports progress and the result through
// queued signals, so the window stays responsive; cancel() stops it cleanly (no index is left behind).
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
};

} // namespace rs::gui
