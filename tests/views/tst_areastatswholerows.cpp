// Issue 19 #1: at 800 × 600 (and at 1600 × 1000) Area statistics drew a row cut in half under its tables'
// last whole row. Whatever the panel's height, each table shows whole rows: the pixels under the last whole
// row are blank, and the row they would have cut is not there to click.
#include "views/tables/areastatsmodel.h"
#include "views/tables/areastatsview.h"

#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"

#include <QSignalSpy>
#include <QTableView>
#include <QtTest>
#include <set>

using namespace rs;

class TstAreaStatsWholeRows : public QObject {
    Q_OBJECT
  private:
    /// The number of the viewport's pixel rows from `top` down that hold more than one colour (text, a
    /// grid line: something drawn), in `t`'s viewport as painted.
    static int drawnLinesFrom(QTableView* t, int top) {
        const QImage img = t->viewport()->grab().toImage();
        int drawn = 0;
        for (int y = std::max(0, top); y < img.height(); ++y) {
            std::set<QRgb> colours;
            for (int x = 0; x < img.width(); ++x)
                colours.insert(img.pixel(x, y));
            drawn += colours.size() > 1;
        }
        return drawn;
    }

  private Q_SLOTS:
    void noRowIsCutByATablesEdge() {
        auto ix =
            test::indexedDemo(test::tempDir("areastatswholerows") + "/demo", test::demoOptions(2, 3, 2));
        QVERIFY2(ix.db, ix.result.error.c_str());
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        const auto s = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        views::InteractionState state;
        state.setBounds(s->startNs, s->endNs);
        views::AreaStatsView view(&state, &service);
        view.setProfile(s);
        QSignalSpy shown(&view, &views::AreaStatsView::statsShown);
        view.resize(560, 300);
        view.show();
        QVERIFY(shown.wait(20000));
        QVERIFY(view.model()->rowCount() > 12); // more rows than any height below shows
        int cutSeen = 0;
        // heights a pixel or a few apart, so that the tables' edges fall through rows at some of them
        for (int h = 240; h <= 420; h += 7) {
            view.resize(560, h);
            QCoreApplication::processEvents();
            for (QTableView* t : view.findChildren<QTableView*>()) {
                if (!t->isVisible() || t->model()->rowCount() == 0) continue;
                const int vh = t->viewport()->height();
                const int row = t->rowAt(vh - 1);
                if (row < 0) continue; // its rows end above its edge
                const int top = t->rowViewportPosition(row);
                if (top + t->rowHeight(row) <= vh || top <= 0) continue; // whole, or the only row
                ++cutSeen;
                // the row the edge runs through is not drawn: nothing under the last whole row
                QVERIFY2(drawnLinesFrom(t, top) == 0,
                         qPrintable(QString("height %1: %2 of the %3 px under the last whole row drawn "
                                            "(row %4 cut by the table's edge)")
                                        .arg(h)
                                        .arg(drawnLinesFrom(t, top))
                                        .arg(vh - top)
                                        .arg(row)));
                QVERIFY(!t->indexAt(QPoint(5, top)).isValid()); // nor there to click
            }
        }
        QVERIFY(cutSeen > 0); // the check ran where an edge ran through a row
    }
};

QTEST_MAIN(TstAreaStatsWholeRows)
#include "tst_areastatswholerows.moc"
