// Issue 19 #1: at 800 × 600 the Communication dock showed only its notes (hta nccl_parser_config: two notes
// of five wrapped lines) and the matrix had no room. Each note takes one line, cut at a word with "…" and
// whole in its tooltip; the matrix keeps most of the dock.
#include "app/gui/dockscrollarea.h"
#include "core/query/commmatrix.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"

#include <QLabel>
#include <QScrollArea>
#include <QtTest>

using namespace rs;

class TstCommNotesRoom : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theMatrixKeepsItsRoomBesideLongNotes() {
        auto m = std::make_shared<query::CommMatrix>();
        m->logical = true;
        // hta nccl_parser_config's two notes, as `rankscope comm` prints them
        m->notes = {"Kineto: logical bytes, not link bandwidth",
                    "Kineto: 15 of 27 calls with communication args (`Collective name`: collectives, c10d's "
                    "wait and barrier records) of the run are in the matrix; the other 12 name no rank pair "
                    "in their args (6 a collective that moves no data (barrier, wait); 6 broadcast, reduce, "
                    "gather or scatter (the args name no root))"};
        m->ranks = {0, 1};
        query::CommCell cell;
        cell.src = 0;
        cell.dst = 1;
        cell.bytes = 307'000'000;
        m->cells.push_back(cell);
        auto* view = new views::CommMatrixView(nullptr, nullptr);
        gui::DockScrollArea dock(view);
        dock.resize(555, 200); // the Communication dock of an 800 × 600 window
        dock.show();
        view->setMatrix(m);
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QCoreApplication::processEvents();
        // the matrix's scroll area, as much of it as the dock shows
        auto* grid = view->canvas()->parentWidget()->parentWidget();
        QVERIFY(qobject_cast<QScrollArea*>(grid));
        const QRect shown = QRect(grid->mapTo(dock.viewport(), QPoint(0, 0)), grid->size())
                                .intersected(dock.viewport()->rect());
        QVERIFY2(shown.height() >= dock.viewport()->height() / 2,
                 qPrintable(QString("the matrix shows %1 of the dock's %2 px")
                                .arg(shown.height())
                                .arg(dock.viewport()->height())));
        // every note said: whole, or cut with "…" and whole in its tooltip
        for (const std::string& n : m->notes) {
            const QString note = QString::fromStdString(n);
            bool said = false;
            for (QLabel* l : view->findChildren<QLabel*>())
                said |= l->isVisible() &&
                        (l->text() == note || l->text().contains(note + "\n") || l->text().endsWith(note) ||
                         (l->text().endsWith(QChar(0x2026)) && l->toolTip().contains(note)));
            QVERIFY2(said, qPrintable(note));
        }
    }
};

QTEST_MAIN(TstCommNotesRoom)
#include "tst_commnotesroom.moc"
