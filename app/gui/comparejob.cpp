#include "app/gui/comparejob.h"

#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/profileinput.h"

#include <QMetaObject>
#include <filesystem>

namespace rs::gui {

bool CompareJob::isRecordFile(const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && !pipeline::opensAsProfile(path);
}

CompareJob::~CompareJob() {
    m_cancel = true;
    if (m_thread.joinable()) m_thread.join();
    if (m_spanThread.joinable()) m_spanThread.join();
}

void CompareJob::requestSpans(std::shared_ptr<const compare::ComparisonData> data, compare::SpanRequest r) {
    if (!data || data->indexPath[0].empty() || data->indexPath[1].empty()) return;
    if (m_spanThread.joinable()) m_spanThread.join(); // a step's spans: milliseconds
    const uint64_t generation = ++m_spanGeneration;
    m_spanThread = std::thread([this, data, r, generation] {
        std::shared_ptr<const compare::SpanPair> spans;
        std::string error;
        try {
            index::Db bdb(data->indexPath[0], true), cdb(data->indexPath[1], true);
            spans = std::make_shared<const compare::SpanPair>(
                compare::spansOfBothRuns(bdb, data->baseline.run, cdb, data->candidate.run, r));
        } catch (const std::exception& e) {
            error = e.what();
        }
        QMetaObject::invokeMethod(this, [this, spans, error, generation] {
            if (generation == m_spanGeneration) Q_EMIT spansReady(spans, QString::fromStdString(error));
        });
    });
}

void CompareJob::start(const QString& baselineDir, std::optional<int> baselineRun,
                       const QString& candidateDir, std::optional<int> candidateRun) {
    if (m_thread.joinable()) {
        m_cancel = true;
        m_thread.join();
    }
    m_cancel = false;
    m_running = true;
    m_thread = std::thread(
        [this, b = baselineDir.toStdString(), c = candidateDir.toStdString(), baselineRun, candidateRun] {
            std::shared_ptr<const compare::ComparisonData> data;
            std::string error;
            try {
                const std::string dirs[2] = {b, c};
                const std::optional<int> runs[2] = {baselineRun, candidateRun};
                // a side is a profile (indexed or reused) or a stored record, by the rule `rankscope
                // compare` reads its arguments by (isRecordFile)
                std::optional<compare::BaselineRecord> records[2];
                std::optional<index::Db> dbs[2];
                pipeline::BuildResult res[2];
                for (int i = 0; i < 2 && error.empty(); ++i) {
                    if (isRecordFile(dirs[i])) {
                        records[i] = compare::readRecordFile(dirs[i]);
                        continue;
                    }
                    pipeline::BuildOptions o;
                    std::string err;
                    o.analysis.loadDeviceFile(dirs[i], err);
                    res[i] = pipeline::BuildPipeline(dirs[i], o).run(nullptr, &m_cancel);
                    if (!res[i].ok)
                        error = res[i].error;
                    else
                        dbs[i].emplace(res[i].dbPath, true);
                }
                if (error.empty()) {
                    const auto side = [&](int i) {
                        return compare::ComparisonSide{dbs[i] ? &*dbs[i] : nullptr, runs[i],
                                                       records[i] ? &*records[i] : nullptr};
                    };
                    auto built =
                        std::make_shared<compare::ComparisonData>(compare::buildComparison(side(0), side(1)));
                    for (int i = 0; i < 2; ++i)
                        if (dbs[i]) built->indexPath[i] = res[i].dbPath;
                    data = std::move(built);
                }
            } catch (const std::exception& e) {
                error = e.what();
            }
            QMetaObject::invokeMethod(this, [this, data, error] {
                m_running = false;
                Q_EMIT finished(data, QString::fromStdString(error));
            });
        });
}

} // namespace rs::gui
