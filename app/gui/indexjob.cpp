#include "app/gui/indexjob.h"

#include <QMetaObject>

namespace rs::gui {

IndexJob::~IndexJob() {
    m_cancel = true;
    if (m_thread.joinable()) m_thread.join();
}

void IndexJob::start(const QString& profileDir, const pipeline::BuildOptions& opts) {
    if (m_thread.joinable()) {
        m_cancel = true;
        m_thread.join();
    }
    m_cancel = false;
    m_running = true;
    const quint64 gen = ++m_generation;
    m_thread = std::thread([this, gen, dir = profileDir.toStdString(), opts] {
        auto res = pipeline::BuildPipeline(dir, opts).run(
            [this, gen](const pipeline::BuildProgress& p) {
                // the panel's line shows byte counts, which discovery and the commit do not have
                if (p.phase == pipeline::Phase::Discover || p.phase == pipeline::Phase::Commit) return;
                QMetaObject::invokeMethod(this, [this, gen, p] {
                    if (gen != m_generation) return;
                    Q_EMIT progress(p.bytesDone, p.bytesTotal, p.events, p.elapsedSec,
                                    QString::fromLatin1(pipeline::phaseName(p.phase)));
                });
            },
            &m_cancel);
        QMetaObject::invokeMethod(this, [this, gen, res] {
            if (gen != m_generation) return; // replaced by a later start(): its result is no one's now
            m_running = false;
            Q_EMIT finished(res.ok, res.cancelled, QString::fromStdString(res.dbPath),
                            QString::fromStdString(res.error), res.seconds, res.reused);
        });
    });
}

} // namespace rs::gui
