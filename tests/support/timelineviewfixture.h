#pragma once
// A TimelineView over an index through the query service, for the timeline's pixel tests on real samples:
// opened, its summary read and given to the view and the interaction state's bounds, and the view's own
// paint as an image. GUI thread.
#include "core/query/queryservice.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <memory>
#include <string>

namespace rs::test {

struct TimelineViewFixture {
    views::InteractionState state;
    query::QueryService service;
    std::unique_ptr<views::TimelineView> view;
    std::shared_ptr<const query::ProfileSummary> summary;

    /// A view of `size` px over the index `db`, shown; null when its summary did not come within 20 s.
    static std::unique_ptr<TimelineViewFixture> open(const std::string& db, QSize size) {
        auto f = std::make_unique<TimelineViewFixture>();
        f->view = std::make_unique<views::TimelineView>(&f->state, &f->service);
        f->view->resize(size);
        f->view->show();
        QSignalSpy ready(&f->service, &query::QueryService::summaryReady);
        f->service.open(QString::fromStdString(db));
        if (!ready.wait(20000)) return nullptr;
        f->summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        f->state.setBounds(f->summary->startNs, f->summary->endNs);
        f->view->setSummary(f->summary);
        return f;
    }
    /// What the view paints now.
    QImage grab() const {
        QImage img(view->size(), QImage::Format_ARGB32);
        view->render(&img);
        return img;
    }
};

} // namespace rs::test
