#include "app/gui/snapshotexporter.h"

#include "app/gui/exportscene.h"
#include "app/gui/snapshotexporterstep.h"
#include "core/query/wholetracestep.h"
#include "views/common/interactionstate.h"

#include <QDir>
#include <QFileInfo>

namespace rs::gui {

namespace {

class Writer {
  public:
    Writer(ExportScene& scene, const ExportRequest& r, QStringList& files, QString& error,
           QStringList* skipped)
        : m_scene(scene), m_r(r), m_files(files), m_error(error), m_skipped(skipped) {}
    /// Of a set of pictures: `view` unless the run has nothing it draws, which is said in `skipped`.
    bool ifAny(const QString& view, const QString& name) {
        if (const QString why = m_scene.nothingToDraw(view); !why.isEmpty()) {
            if (m_skipped) *m_skipped << view + ": " + why;
            return true;
        }
        return (*this)(view, name);
    }
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
    QStringList* m_skipped;
};

bool writeDefaultSet(ExportScene& scene, Writer& write, const QString& dbPath) {
    if (!write("timeline", "timeline-overview")) return false;
    index::Db db(dbPath.toStdString(), true);
    const StepPicture pick = stepWorthShowing(db, scene.summary());
    if (pick.step >= 0 && scene.zoomToStep(pick.step)) {
        if (!write("timeline", QString("timeline-step-%1").arg(pick.step))) return false;
        // the step's longest collective whole, with a margin of an eighth of it either side; only when the
        // step has one (amd_trace's pictures named "-allreduce" showed no collective)
        if (const auto& c = pick.collective) {
            const int64_t pad = std::max<int64_t>((c->endNs - c->startNs) / 8, 1000);
            scene.setWindow(c->startNs - pad, c->endNs + pad);
            if (!write("timeline",
                       QString("timeline-step-%1-%2").arg(pick.step).arg(QString::fromStdString(c->kind))))
                return false;
        }
    }
    scene.state().fit();
    if (!write.ifAny("heatmap", "heatmap")) return false;
    if (!write.ifAny("memory", QString("memory-rank-%1").arg(scene.memoryRank()))) return false;
    return write.ifAny("comm", "comm");
}

} // namespace

QStringList exportSnapshots(const ExportRequest& r, QString& error, QStringList* skipped,
                            QStringList* notes) {
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
        scene.setCountersShown(r.counters);
        if (!r.ranks.empty())
            scene.setRanks(r.ranks);
        else if (!r.state || r.state->ranks.empty())
            scene.showOutlyingRanks(); // thousands of ranks: not a picture cut after 1 800 of them
        if (r.range)
            scene.setWindow(scene.summary().startNs + r.range->first,
                            scene.summary().startNs + r.range->second);
        if (r.step >= 0 && !scene.zoomToStep(r.step)) {
            // a step list kept apart on another clock numbers it: say so, not only that it is missing; else
            // which shown ranks lack it, and why (a rank without step marks)
            QString why = scene.stepOnOtherClock(r.step);
            if (why.isEmpty()) why = scene.stepLacking();
            error = QString::fromStdString(query::noStepText(r.step, why.toStdString()));
            return files;
        }
        if (notes && r.step >= 0 && !scene.stepLacking().isEmpty())
            *notes << QString("step %1: %2").arg(r.step).arg(scene.stepLacking());
        if (r.selection) scene.setSelection(*r.selection);
        Writer write(scene, r, files, error, skipped);
        if (!r.specific()) {
            writeDefaultSet(scene, write, r.dbPath);
            return files;
        }
        // one view asked for is written whatever it holds (its picture says what is missing); of all of
        // them, an empty one is left out and said
        const QStringList views =
            r.view == "all" ? QStringList{"timeline", "heatmap", "memory", "comm"} : QStringList{r.view};
        for (const auto& v : views)
            if (!(r.view == "all" ? write.ifAny(v, v) : write(v, v))) return files;
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    return files;
}

} // namespace rs::gui
