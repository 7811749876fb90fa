#include "app/gui/snapshotexporter.h"

#include "app/gui/exportscene.h"
#include "views/common/interactionstate.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

namespace rs::gui {

namespace {

class Writer {
  public:
    Writer(ExportScene& scene, const ExportRequest& r, QStringList& files, QString& error)
        : m_scene(scene), m_r(r), m_files(files), m_error(error) {}
    bool operator()(const QString& view, const QString& name) {
        const QString path =
            !m_r.outFile.isEmpty() ? m_r.outFile : QDir(m_r.outDir).filePath(name + "." + m_r.format);
        if (!m_scene.write(view, m_r.width, m_r.height, m_r.scale, path, m_error)) return false;
        m_files << path;
        return true;
    }

  private:
    ExportScene& m_scene;
    const ExportRequest& m_r;
    QStringList& m_files;
    QString& m_error;
};

/// The worst outlier step, else the median step of the first rank (-1: no steps).
int64_t stepWorthShowing(const query::ProfileSummary& s) {
    auto report = nlohmann::json::parse(s.reportJson, nullptr, false);
    if (report.is_object() && !report["outlier_steps"].empty())
        return report["outlier_steps"][0]["step"].get<int64_t>();
    std::vector<int64_t> steps;
    for (const auto& st : s.steps)
        if (!s.ranks.empty() && st.rank == s.ranks.front()) steps.push_back(st.step);
    return steps.empty() ? -1 : steps[steps.size() / 2];
}

bool writeDefaultSet(ExportScene& scene, Writer& write) {
    const auto& s = scene.summary();
    if (!write("timeline", "timeline-overview")) return false;
    const int64_t step = stepWorthShowing(s);
    if (step >= 0 && scene.zoomToStep(step)) {
        if (!write("timeline", QString("timeline-step-%1").arg(step))) return false;
        // and the end of that step, where the collective and its waits are
        for (const auto& st : s.steps)
            if (!s.ranks.empty() && st.rank == s.ranks.front() && st.step == step) {
                int64_t tail = std::max<int64_t>((st.endNs - st.startNs) / 6, 1000000);
                scene.setWindow(st.endNs - tail, st.endNs + (st.endNs - st.startNs) / 20);
                if (!write("timeline", QString("timeline-step-%1-allreduce").arg(step))) return false;
                break;
            }
    }
    scene.state().fit();
    if (!write("heatmap", "heatmap")) return false;
    if (!write("memory", QString("memory-rank-%1").arg(scene.memoryRank()))) return false;
    return !scene.hasCommLinks() || write("comm", "comm");
}

} // namespace

QStringList exportSnapshots(const ExportRequest& r, QString& error) {
    QStringList files;
    const QString dir = r.outFile.isEmpty() ? r.outDir : QFileInfo(r.outFile).absolutePath();
    if (!QDir().mkpath(dir)) {
        error = "cannot create " + dir;
        return files;
    }
    if (r.format != "png" && r.format != "svg") {
        error = "--format must be png or svg";
        return files;
    }
    try {
        std::optional<int> run = r.run;
        if (!run && r.state && r.state->run) run = r.state->run;
        ExportScene scene(r.dbPath, r.profile, run);
        scene.setShowAnnotations(r.annotations);
        scene.setWindowFlows(r.windowFlows);
        if (r.state) scene.apply(*r.state);
        if (!r.ranks.empty())
            scene.setRanks(r.ranks);
        else if (!r.state || r.state->ranks.empty())
            scene.showOutlyingRanks(); // thousands of ranks: not a picture cut after 1 800 of them
        if (r.range)
            scene.setWindow(scene.summary().startNs + r.range->first,
                            scene.summary().startNs + r.range->second);
        if (r.step >= 0 && !scene.zoomToStep(r.step)) {
            error = QString("no step %1 on the ranks shown").arg(r.step);
            return files;
        }
        if (r.selection) scene.setSelection(*r.selection);
        Writer write(scene, r, files, error);
        if (!r.specific()) {
            writeDefaultSet(scene, write);
            return files;
        }
        const QStringList views =
            r.view == "all" ? QStringList{"timeline", "heatmap", "memory", "comm"} : QStringList{r.view};
        for (const auto& v : views)
            if (!write(v, v)) return files;
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    return files;
}

} // namespace rs::gui
