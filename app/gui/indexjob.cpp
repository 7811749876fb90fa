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
    m_thread = std::thread([this, dir = profileDir.toStdString(), opts] {
        auto res = pipeline::BuildPipeline(dir, opts).run(
            [this](const pipeline::BuildProgress& p) {
                // the panel's line shows byte counts, which discovery and the commit do not have
                if (p.phase == pipeline::Phase::Discover || p.phase == pipeline::Phase::Commit) return;
                QMetaObject::invokeMethod(this, [this, p] {
                    Q_EMIT progress(p.bytesDone, p.bytesTotal, p.events, p.elapsedSec,
                                    QString::fromLatin1(pipeline::phaseName(p.phase)));
                });
            },
            &m_cancel);
        QMetaObject::invokeMethod(this, [this, res] {
            m_running = false;
            Q_EMIT finished(res.ok, res.cancelled, QString::fromStdString(res.dbPath),
                            QString::fromStdString(res.error), res.seconds, res.reused);
        });
    });
}

} // namespace rs::gui
