#pragma once
// Builds a comparison for the GUI on a background thread: indexes (or reuses) both profiles, measures
// both runs and compares them (core/compare), then hands the result over through a queued call, so no
// SQL runs on the GUI thread. A newer start() supersedes a running one. requestSpans() reads the spans
// behind one delta from both indexes the same way (a newer request supersedes an older one's answer).
#include "core/compare/comparisondata.h"
#include "core/compare/spanpair.h"

#include <QObject>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>

namespace rs::gui {

class CompareJob : public QObject {
    Q_OBJECT
  public:
    explicit CompareJob(QObject* parent = nullptr) : QObject(parent) {}
    ~CompareJob() override;
    /// Compares `baselineRun` of one profile with `candidateRun` of another (or of the same folder). Either
    /// path may be a baseline record (`rankscope baseline DIR --out FILE.json`; a .jsonl history's last
    /// line), its run ignored: compared as `rankscope compare` compares it, without step walls, memory
    /// curves or spans on that side.
    void start(const QString& baselineDir, std::optional<int> baselineRun, const QString& candidateDir,
               std::optional<int> candidateRun);
    bool running() const { return m_running; }
    /// Whether `path` is read as a stored record: a file the pipeline does not open as a profile (the rule
    /// of `rankscope compare`'s arguments, app/cli/recordsource.cpp).
    static bool isRecordFile(const std::string& path);
    /// The spans of `r` in both runs of `data` (its indexPath and runs); answered by spansReady.
    void requestSpans(std::shared_ptr<const compare::ComparisonData> data, compare::SpanRequest r);

  Q_SIGNALS:
    void finished(std::shared_ptr<const rs::compare::ComparisonData> data, QString error);
    void spansReady(std::shared_ptr<const rs::compare::SpanPair> spans, QString error);

  private:
    std::thread m_thread, m_spanThread;
    uint64_t m_spanGeneration = 0; ///< GUI thread only: answers of older requests are dropped
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
};

} // namespace rs::gui
