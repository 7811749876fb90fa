// The memory view's curve plot reads true on screen and in `rankscope export` alike (walk 11):
// - a rank with no memory data: the time axis is ms from the run's start (the run here starts at
//   1 739 840 000 s on the epoch clock and lasts 9.762 ms, as amd_trace), never "1.73984·10¹²" on every
//   tick, and the plot says there is no curve instead of showing an empty legend;
// - on the smallest plot (130 px) of 0–12.5 GiB the value labels
// stand at least a line apart;
// - in a 339 ns window at +140.555 ms every time label differs (they read "140.555" four times);
// - a tensor's tooltip counts from the run's start, as the axis, the timeline and Details do: text/level1's
//   aten::addmm tensor allocated at 1736408883715990.47 µs, run start …674584.73 µs (operator_memory.csv,
//   walk15b #1) reads "+41.406 ms", not +21.752 ms from the first memory sample 19.654 ms in;
// - the tensor bars' colours have a key (the ops by bytes × time shown: tst_tensorcolorkey), and a picture of
// the view draws it and leaves
//   the rank drop-down out;
// - the legend covers no curve: with the legend's layer hidden, no curve or fill pixel lies where its box
//   is drawn (in the axis rect's top right corner it covered the reserved line and the allocated curve's
//   top; issue 19), on the smallest plot and a large one;
// - a rank whose memory rows were all left out names its memory files and why (issue 19, test_rank_1).
#include "app/gui/dockscrollarea.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/elidedlabel.h"
#include "views/common/interactionstate.h"
#include "views/common/palette.h"
#include "views/memory/bankstrip.h"
#include "views/memory/memorycaption.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"

#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QPainter>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QTextDocument>
#include <QUndoStack>
#include <QtTest>
#include <fstream>
#include <map>
#include <qcustomplot.h>

using namespace rs;

namespace {
constexpr int64_t kMs = 1000000;
constexpr int64_t kRunStart = 1739840000LL * 1000000000LL, kRunLen = 9762000;
constexpr double kGiB = double(1 << 30);

/// 5 samples from 0.5 to 12.5 GiB over the run, as df_index_resolver's reserved curve reaches 11.9.
std::shared_ptr<query::MemoryMapData> curveData() {
    auto d = std::make_shared<query::MemoryMapData>();
    d->rank = 0;
    for (int i = 0; i < 5; ++i)
        d->curve.push_back({kRunStart + i * 2 * kMs, (0.5 + 3 * i) * kGiB, 12.5 * kGiB, 0.5 * kGiB});
    d->startNs = kRunStart;
    d->endNs = kRunStart + 8 * kMs;
    return d;
}

/// 8 banks of 4 GiB from 0x12c000000000, and an AllReduce tensor of `bytes` at the base of each of the
/// first `banks`, alive from 1 to 3 ms into the run.
void addBankTensors(query::MemoryMapData& d, int banks, int64_t bytes) {
    d.hasAddresses = true;
    d.bankBase = 0x12c000000000ULL;
    d.bankSizeBytes = int64_t(4) << 30;
    d.bankCount = 8;
    for (int b = 0; b < banks; ++b) {
        query::TensorItem t;
        t.tensorId = "t" + std::to_string(b);
        t.opName = "AllReduce";
        t.sizeBytes = bytes;
        t.addr = d.bankBase + uint64_t(b) * uint64_t(d.bankSizeBytes);
        t.bank = b;
        t.allocNs = kRunStart + kMs;
        t.freeNs = kRunStart + 3 * kMs;
        d.tensors.push_back(t);
    }
}

/// Rank 6's map over the run with the AllReduce tensors in banks 0 and 1: the bank-anomaly finding.
std::shared_ptr<query::MemoryMapData> anomalyData() {
    auto d = std::make_shared<query::MemoryMapData>();
    d->rank = 6;
    d->startNs = kRunStart;
    d->endNs = kRunStart + kRunLen;
    addBankTensors(*d, 2, 64 << 20);
    d->anomalyOps = {"AllReduce"};
    return d;
}

/// A memory annotation of `kind` on rank 6 in a blue nothing else on the map uses (kBlue).
const QColor kBlue("#1f3fbf");
annotate::Annotation memoryNote(annotate::Kind kind, const std::string& text) {
    annotate::Annotation a;
    a.kind = kind;
    a.text = text;
    a.color = kBlue.name().toStdString();
    a.anchor.view = annotate::Surface::Memory;
    a.anchor.ranks = {6};
    return a;
}

/// Shows `a` on `c` through `model`.
void annotate1(views::MemoryMapCanvas& c, views::AnnotationModel& model, const annotate::Annotation& a) {
    annotate::AnnotationSet set;
    set.add(a);
    model.setAnnotations(set);
    c.setAnnotations(&model);
}

QImage shotOf(views::MemoryMapCanvas& c) {
    QImage img(c.size(), QImage::Format_ARGB32);
    c.render(&img);
    return img;
}

int bluePixels(const QImage& img) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixelColor(x, y) == kBlue;
    return n;
}

/// Within 40 of `q` in each channel (anti-aliased text).
bool near(const QColor& p, const QColor& q) {
    return std::abs(p.red() - q.red()) < 40 && std::abs(p.green() - q.green()) < 40 &&
           std::abs(p.blue() - q.blue()) < 40;
}

/// Rank 6's lifetime map (no addresses): 16 MatMul tensors over the whole run, 8 Conv ones over its
/// first fifth, stacked by allocation order (level1 text, txl1 of walk 27).
std::shared_ptr<query::MemoryMapData> lifetimeData() {
    auto d = std::make_shared<query::MemoryMapData>();
    d->rank = 6;
    d->startNs = kRunStart;
    d->endNs = kRunStart + kRunLen;
    for (int i = 0; i < 24; ++i) {
        query::TensorItem t;
        t.tensorId = "t" + std::to_string(i);
        t.opName = i < 16 ? "MatMul" : "Conv";
        t.sizeBytes = 1 << 20;
        t.allocNs = kRunStart + i; // allocation order = row
        t.freeNs = i < 16 ? kRunStart + kRunLen : kRunStart + kRunLen / 5;
        d->tensors.push_back(t);
    }
    return d;
}

/// A Memory view of a run of kRunLen ns shown at 1000 × 600 without a query service (its data is given).
struct Shown {
    views::InteractionState state;
    views::MemoryMapView view{&state, nullptr};
    Shown() {
        state.setBounds(kRunStart, kRunStart + kRunLen);
        view.resize(1000, 600);
        view.setProfile({});
        view.show();
    }
};

/// A memory view of curveData() (the demo's three curves), not shown yet.
struct CurvesShown {
    views::InteractionState state;
    std::shared_ptr<query::MemoryMapData> d = curveData();
    views::MemoryMapView view{&state, nullptr};
    CurvesShown() {
        state.setBounds(d->startNs, d->endNs);
        view.setProfile({});
        view.setData(d);
    }
};

QStringList labels(QCPAxis* a) {
    QStringList out;
    for (const auto& l : a->tickVectorLabels())
        out << l;
    return out;
}
} // namespace

class TstMemoryMapView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void captionSaysWhyAddressLessRowsAreNotDrawn() {
        // walk 26: the .db's OP_MEMORY rows without an NPU_OP_MEM address are allocations no other file lists
        // (not "the same allocations as another file lists them"); rows another file lists again are
        query::MemoryMapData d;
        d.rank = 0;
        d.hasAddresses = true;
        query::TensorItem t;
        t.addr = 7000;
        d.tensors.push_back(t);
        d.withoutAddressNotDrawn = 127;
        QString c = views::memoryContentsCaption(d);
        QVERIFY2(c.contains("127 allocations the file records without a device address: not drawn"),
                 qPrintable(c));
        QVERIFY2(!c.contains("another file"), qPrintable(c));
        d.withoutAddressNotDrawn = 0;
        d.withoutAddressLeftOut = 5;
        c = views::memoryContentsCaption(d);
        QVERIFY2(c.contains("5 rows without a device address, the same allocations as another file"),
                 qPrintable(c));
    }
    void captionSaysWhatThePeaksLeaveOut() {
        // r50d #3: mstext's caption said "peak reserved 1.49 GiB" of PTA+GE while APP reserved 2.06 GiB,
        // unsaid; the caption names the peaks' component and what reserves more beside it
        query::MemoryMapData d;
        addBankTensors(d, 2, 1 << 20);
        d.curveComponent = "PTA+GE";
        d.peakReservedBytes = 1600913408;
        QVERIFY(!views::memoryContentsCaption(d).contains("not in them"));
        d.componentsBeyond = {{"APP", 2216407040}};
        const QString c = views::memoryContentsCaption(d);
        QVERIFY2(c.contains("peak reserved 1.49 GiB (PTA+GE; not in them: APP reserved up to 2.06 GiB)"),
                 qPrintable(c));
    }
    void captionSaysWhatAnUntimedPeakRestsOn() {
        // walk 53b: test_rank_1's "peak allocated 4.49 GiB" beside a map drawing nothing, its memory rows all
        // "1.69512E+15": the peaks come from rows no time places (2 PTA rows there), and the caption says so
        query::MemoryMapData d;
        d.curveComponent = "PTA";
        d.peakAllocatedBytes = 4823177728;
        d.peakReservedBytes = 8998879232;
        QVERIFY(!views::memoryContentsCaption(d).contains("usable time"));
        d.peakTimed = false;
        d.peakUntimedRows = 2;
        const QString c = views::memoryContentsCaption(d);
        QVERIFY2(c.contains("peak allocated 4.49 GiB · peak reserved 8.38 GiB · the peaks from 2 PTA rows "
                            "without a usable time: when is not known"),
                 qPrintable(c));
    }
    void captionSaysWhenTheBanksAreAssumed_data() {
        QTest::addColumn<bool>("assumed");
        QTest::newRow("assumed") << true;
        QTest::newRow("the card's") << false;
    }
    void captionSaysWhenTheBanksAreAssumed() {
        // walk 30: "8 banks of 4.00 GiB" read as the card's on a .db that gives none (the default layout)
        QFETCH(bool, assumed);
        query::MemoryMapData d;
        addBankTensors(d, 2, 1 << 20);
        d.bankLayoutAssumed = assumed;
        const QString c = views::memoryContentsCaption(d);
        QVERIFY2(c.contains("8 banks of 4.00 GiB"), qPrintable(c));
        QCOMPARE(c.contains("8 banks of 4.00 GiB (assumed: no rankscope-device.json"), assumed);
    }
    void noDataAxisCountsFromTheRunsStart() {
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + kRunLen);
        views::MemoryMapView view(&state, nullptr); // as ExportScene builds it: no setProfile
        view.resize(1000, 600);
        view.show();
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0; // loadMemoryMap of a rank without memory rows: startNs = endNs = 0
        view.setData(d);
        QCustomPlot* plot = view.plot();
        plot->replot();
        QVERIFY2(std::abs(plot->xAxis->range().lower) < 1e-9,
                 qPrintable(QString::number(plot->xAxis->range().lower)));
        QVERIFY(std::abs(plot->xAxis->range().upper - 9.762) < 1e-9);
        const QStringList l = labels(plot->xAxis);
        QVERIFY(l.size() >= 3);
        QCOMPARE(QSet<QString>(l.begin(), l.end()).size(), l.size());
        QVERIFY2(l.first().startsWith("+0") && l.first().endsWith(" ms"), qPrintable(l.join(" | ")));
        // the picture says there is no curve, and shows no empty legend
        QCOMPARE(plot->graphCount(), 0);
        QCOMPARE(plot->legend->itemCount(), 0);
        QVERIFY(!plot->legend->visible()); // no items, but its frame was drawn (a small empty box)
        bool said = false;
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot->item(i))) said |= t->text().contains("No memory");
        QVERIFY(said);
    }
    void aRankWhoseMemoryRowsAreLeftOutSaysWhichAndWhy() {
        // issue 19: msinsight's test_rank_1 has memory_record.csv and operator_memory.csv, and its map said
        // "no memory data: none recorded, or records left out". The caption names the files with their rows
        // (counted here over the files) and what was left out of them (tst_memorymapdata holds the why
        // against the files); the curve plot says none is drawn, not that none was recorded.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const std::string root = samples + "/msinsight/server/src/test/test_data";
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("memorymapview-left-out")));
        auto ix = test::indexDir(root, false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto dataRows = [&](const char* file) {
            std::ifstream in(root + "/test_rank_1/ASCEND_PROFILER_OUTPUT/" + file);
            int n = -1; // the header
            for (std::string l; std::getline(in, l);)
                n += l.empty() ? 0 : 1;
            return n;
        };
        Shown s;
        const int rank = int(ix.scalar("SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = 1"));
        s.view.setData(std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*ix.db, rank)));
        const QString caption = s.view.caption()->fullText();
        QVERIFY2(
            !caption.contains("none recorded") &&
                caption.contains(QString("memory_record.csv (%1 rows)").arg(dataRows("memory_record.csv"))) &&
                caption.contains(
                    QString("operator_memory.csv (%1 rows)").arg(dataRows("operator_memory.csv"))) &&
                caption.contains("counted in the memory peaks, not drawn") &&
                caption.contains("another profiling session"),
            qPrintable(caption));
        bool drawnSaid = false;
        for (int i = 0; i < s.view.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(s.view.plot()->item(i)))
                drawnSaid |= t->text() == "No memory curve drawn for this rank";
        QVERIFY(drawnSaid);
    }
    void bankLabelsAreDrawnWhole() {
        // walk17a L6 (demo d8, mem1.png / mem5c.png): six banks of 4 GiB in a ~130 px map left ~19 px a
        // bank, and the base address under "bank N" was cut in half at the next bank's border. Each label
        // lies inside its bank's band, and no ink crosses a border in the margin
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0;
        d->startNs = kRunStart;
        d->endNs = kRunStart + kRunLen;
        addBankTensors(*d, 6, 64 << 20);
        for (int h : {130, 200, 600}) {
            views::MemoryMapCanvas c;
            c.resize(700, h);
            c.setData(d);
            const auto am = c.addressMapping();
            auto bandOf = [&](double y) {
                return int64_t((am.addr(y) - d->bankBase) / uint64_t(d->bankSizeBytes));
            };
            const auto labels = c.bankLabels();
            QVERIFY2(!labels.empty(), qPrintable(QString::number(h)));
            for (const auto& l : labels) {
                const int64_t b = bandOf(l.rect.center().y());
                const double y0 = am.y(d->bankBase + uint64_t(b) * uint64_t(d->bankSizeBytes)),
                             y1 = am.y(d->bankBase + uint64_t(b + 1) * uint64_t(d->bankSizeBytes));
                QVERIFY2(l.rect.top() >= y0 && l.rect.bottom() <= y1,
                         qPrintable(QString("%1 px: %2 at %3…%4 in bank %5 (%6…%7)")
                                        .arg(h)
                                        .arg(l.text)
                                        .arg(l.rect.top())
                                        .arg(l.rect.bottom())
                                        .arg(b)
                                        .arg(y0)
                                        .arg(y1)));
            }
            // tall enough for two lines a bank: every base address is there
            if (h == 600)
                QCOMPARE(std::count_if(labels.begin(), labels.end(), [](const auto& l) { return l.address; }),
                         6);
            // pixels: the row above each inner border holds the band's colour only in the margin
            QImage img(c.size(), QImage::Format_ARGB32);
            c.render(&img);
            for (int b = 1; b < 6; ++b) {
                const int y =
                    int(std::floor(am.y(d->bankBase + uint64_t(b) * uint64_t(d->bankSizeBytes)))) - 1;
                QSet<QRgb> colours;
                for (int x = 4; x < views::MemoryMapCanvas::kLeft - 4; ++x)
                    colours.insert(img.pixel(x, y));
                QVERIFY2(colours.size() == 1,
                         qPrintable(
                             QString("%1 px: text ink above bank %2's border (y %3)").arg(h).arg(b).arg(y)));
            }
        }
    }
    void everyBankOfTheStripIsLabelled() {
        // walk 20a (demo d8, mem2s.png): the bank overview gave each of 8 banks a 7 px row and labelled
        // banks 0/2/4/6 only, so rank 5's AllReduce row (bank 5) lay between "bank 4" and "bank 6". In the
        // Memory view as laid out, every bank's row holds its label's ink.
        Shown on; // no service: the drop-down gets its entry from the data
        auto& [state, view] = on;
        auto d = curveData();
        addBankTensors(*d, 8, 1 << 30);
        view.setData(d);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QWidget* strip = view.strip();
        QVERIFY(strip->isVisible());
        const QImage img = strip->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const double dpr = img.devicePixelRatio();
        const QRgb bg = strip->palette().color(QPalette::Window).rgb();
        const int rowH = (strip->height() - 4) / 8;
        for (int b = 0; b < 8; ++b) {
            int ink = 0;
            const int mid = 2 + b * rowH + rowH / 2; // the row's middle: no other row's label reaches it
            for (int y = mid - 1; y <= mid + 1; ++y)
                for (int x = 4; x < views::MemoryMapCanvas::kLeft - 8; ++x)
                    ink += img.pixel(int(x * dpr), int(y * dpr)) != bg;
            QVERIFY2(ink > 2, qPrintable(QString("bank %1: no label in its %2 px row (strip %3 px)")
                                             .arg(b)
                                             .arg(rowH)
                                             .arg(strip->height())));
        }
    }
    void kinetoAllocationsHaveAnAddressAxisAndANamedTooltip() {
        // walk 20a (df_index_resolver, dfm1.png): a Kineto memory map (addresses, no bank model) had no
        // label on its address axis, and a bar's tooltip was titled by the importer's key plus an empty
        // "()": "139935155748864@1669783687789163000 ()"
        auto d = curveData();
        d->hasAddresses = true;
        const uint64_t base = 139935155748864ULL; // df_index_resolver's first Addr
        for (int i = 0; i < 4; ++i) {
            query::TensorItem t;
            t.addr = base + uint64_t(i) * (uint64_t(64) << 20);
            t.allocNs = kRunStart + (i + 1) * kMs;
            t.tensorId = std::to_string(*t.addr) + "@" + std::to_string(*t.allocNs);
            t.sizeBytes = 6553600; // 6.25 MiB
            t.freeNs = kRunStart + 7 * kMs;
            d->tensors.push_back(t);
        }
        d->tensors[1].opName = "aten::empty";
        views::MemoryMapCanvas c;
        c.resize(800, 400);
        c.setData(d);
        QVERIFY(c.bankLabels().empty()); // no bank model
        const auto labels = c.addressLabels();
        QVERIFY2(labels.size() >= 3, qPrintable(QString::number(labels.size())));
        const auto am = c.addressMapping();
        for (const auto& l : labels) {
            QVERIFY(l.text.startsWith("0x"));
            bool ok = false;
            const uint64_t a = l.text.mid(2).toULongLong(&ok, 16);
            QVERIFY(ok);
            QVERIFY2(std::abs(am.y(a) - l.rect.center().y()) < 1, qPrintable(l.text)); // beside its address
            QVERIFY(l.rect.top() >= 0 && l.rect.bottom() <= c.height());
        }
        for (size_t i = 1; i < labels.size(); ++i)
            QVERIFY(!labels[i].rect.intersects(labels[i - 1].rect));
        // and in pixels: ink in the margin beside the first label
        QImage img(c.size(), QImage::Format_RGB32);
        c.render(&img);
        const QRgb bg = c.palette().color(QPalette::Base).rgb();
        int ink = 0;
        for (int y = int(labels[0].rect.top()); y < int(labels[0].rect.bottom()); ++y)
            for (int x = 4; x < views::MemoryMapCanvas::kLeft - 4; ++x)
                ink += img.pixel(x, y) != bg;
        QVERIFY(ink > 10);
        auto tipOf = [&](size_t i) {
            return c.tooltipAt(c.barRect(i).intersected(QRectF(c.rect())).center().toPoint());
        };
        const QString noOp = tipOf(0), op = tipOf(1);
        QVERIFY2(noOp.startsWith("<b>allocation (no op recorded)</b><br>size "), qPrintable(noOp));
        QVERIFY2(op.startsWith("<b>aten::empty</b><br>"), qPrintable(op));
        QVERIFY2(noOp.contains(QString("address 0x%1<br>").arg(base, 0, 16)),
                 qPrintable(noOp)); // no "bank -"
        for (const QString& t : {noOp, op})
            QVERIFY2(!t.contains('@') && !t.contains("()") && !t.contains("bank"), qPrintable(t));
        // an id of its own (Ascend's) stays, with its op
        query::TensorItem named;
        named.tensorId = "t0_s11_a0";
        named.opName = "MatMulV2";
        QCOMPARE(views::MemoryMapCanvas::tensorTitle(named), QString("t0_s11_a0 (MatMulV2)"));
    }
    void tooltipCountsFromTheRunsStart() {
        const int64_t runStart = 1736408883674584730LL, firstSample = runStart + 19654000;
        views::InteractionState state;
        state.setBounds(runStart, runStart + 137 * kMs);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 600);
        view.show();
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0;
        query::TensorItem t;
        t.tensorId = "om23";
        t.opName = "aten::addmm";
        t.sizeBytes = 524800;
        t.allocNs = 1736408883715990470LL; // +41.406 ms
        t.freeNs = *t.allocNs + 16390000;  // +57.796 ms
        d->tensors.push_back(t);
        d->curve.push_back({firstSample, 1e6, 2e6, 1e6});
        d->startNs = firstSample;
        d->endNs = firstSample + 100 * kMs;
        view.setData(d);
        const QRectF bar = view.canvas()->barRect(0);
        QVERIFY(bar.width() > 2);
        const QString tip = view.canvas()->tooltipAt(bar.center().toPoint());
        QVERIFY2(tip.contains("allocated at +41.406 ms"), qPrintable(tip));
        QVERIFY2(tip.contains("freed at +57.796 ms"), qPrintable(tip));
    }
    void aWholeTracesTensorIsInNoStep_data() {
        QTest::addColumn<bool>("whole");
        QTest::addColumn<QString>("said");
        // walk 30: a rank without step marks (its whole trace, the index's step 0) read "in step 0"
        QTest::newRow("a rank's whole trace")
            << true << "allocated at +41.406 ms, the rank has no step marks";
        QTest::newRow("a marked step 0") << false << "allocated at +41.406 ms, in step 0";
    }
    void aWholeTracesTensorIsInNoStep() {
        QFETCH(bool, whole);
        QFETCH(QString, said);
        views::InteractionState state;
        state.setBounds(0, 137 * kMs);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 600);
        view.show();
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0;
        d->wholeTrace = whole;
        query::TensorItem t;
        t.tensorId = "om23";
        t.sizeBytes = 524800;
        t.allocNs = 41406000;
        t.freeNs = *t.allocNs + 16390000;
        t.allocStep = 0.3, t.freeStep = 0.42; // fractions of the rank's one step
        d->tensors.push_back(t);
        d->curve.push_back({0, 1e6, 2e6, 1e6});
        d->endNs = 100 * kMs;
        view.setData(d);
        const QString tip = view.canvas()->tooltipAt(view.canvas()->barRect(0).center().toPoint());
        QVERIFY2(tip.contains(said), qPrintable(tip));
        QCOMPARE(tip.contains("step 0"), !whole);
    }
    void barsHaveAColourKeyAndPicturesNoDropDown() {
        // walk15a #10, walk15b #10: the tensor bars' colours (the op that allocated them) had no key, in the
        // tab or its pictures, and the pictures showed the "rank 0 ▾" control
        Shown on; // no service: the drop-down gets its entry from the data
        auto& [state, view] = on;
        auto d = curveData();
        auto tensor = [&](const char* op, int64_t bytes, uint64_t addr) {
            query::TensorItem t;
            t.tensorId = op + std::to_string(addr);
            t.opName = op;
            t.sizeBytes = bytes;
            t.addr = addr;
            t.allocNs = kRunStart + kMs;
            t.freeNs = kRunStart + 5 * kMs;
            d->tensors.push_back(t);
        };
        tensor("MatMulV2", 64 << 20, 0x100000000);
        tensor("Cast", 1 << 20, 0x108000000);
        tensor("MatMulV2", 32 << 20, 0x110000000);
        d->hasAddresses = true;
        view.setData(d);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString key = view.legend()->fullText();
        QVERIFY(view.legend()->isVisible());
        const QString mm = view.canvas()->colorKey().colorOf("MatMulV2").name(),
                      cast = view.canvas()->colorKey().colorOf("Cast").name();
        QVERIFY(mm != cast);
        QVERIFY2(key.contains(mm) && key.contains("MatMulV2") && key.contains(cast) && key.contains("Cast"),
                 qPrintable(key));
        QVERIFY(key.indexOf("MatMulV2") < key.indexOf("Cast")); // most bytes first
        // the picture: the key's swatches drawn, the drop-down not
        auto* box = view.findChild<QComboBox*>();
        QVERIFY(box && box->isVisible());
        const QRect boxRect = box->geometry(), keyRect = view.legend()->geometry();
        const QImage control = box->grab().toImage().convertToFormat(QImage::Format_RGB32);
        QImage pic(view.size(), QImage::Format_RGB32);
        pic.fill(Qt::white);
        {
            QPainter p(&pic);
            view.renderPicture(p);
        }
        QVERIFY(box->isVisible()); // put back on screen
        int same = 0, all = 0;
        for (int y = 0; y < boxRect.height(); y += 2)
            for (int x = 0; x < boxRect.width(); x += 2, ++all)
                same += pic.pixel(boxRect.x() + x, boxRect.y() + y) == control.pixel(x, y);
        QVERIFY2(same < all / 2,
                 qPrintable(QString("%1 of %2 pixels are the drop-down's").arg(same).arg(all)));
        int swatch = 0;
        for (int y = 0; y < pic.height(); ++y)
            for (int x = 0; x < pic.width(); ++x)
                swatch += QColor(pic.pixel(x, y)).name() == cast && y < keyRect.bottom() + 4;
        QVERIFY2(swatch > 2, qPrintable(QString::number(swatch)));
    }
    void theRankPickedStaysWhileAnotherRanksOpIsSelected() {
        // walk 21: with an op of rank 1 selected, picking rank 0 in the box showed rank 1 again as soon as
        // rank 0's data arrived (the data re-applied the selection, and the selection went to its rank)
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + kRunLen);
        views::MemoryMapView view(&state, nullptr);
        view.setProfile({0, 1});
        auto box = view.findChild<QComboBox*>();
        QVERIFY(box);
        auto dataOf = [](int rank) {
            auto d = curveData();
            d->rank = rank;
            query::TensorItem t;
            t.tensorId = "t" + std::to_string(rank);
            t.opName = "MatMulV2";
            t.sizeBytes = 1 << 20;
            t.allocNs = kRunStart + kMs;
            d->tensors.push_back(t);
            return d;
        };
        views::Selection sel;
        sel.kind = views::Selection::Kind::OpType;
        sel.opType = "MatMulV2";
        sel.rank = 1;
        state.setSelection(sel); // the map goes to the op's rank
        QCOMPARE(view.rank(), 1);
        view.setData(dataOf(1));
        QCOMPARE(box->currentText(), QString("rank 1"));
        box->setCurrentIndex(box->findData(0)); // the user picks rank 0
        view.setData(dataOf(0));                // and its data arrives
        QCOMPARE(view.rank(), 0);
        QCOMPARE(box->currentText(), QString("rank 0"));
        // and the map says whose it is, and that the selection is another rank's
        const QString caption = view.caption()->fullText();
        QVERIFY2(caption.startsWith(QString::fromUtf8("Rank 0 · ")), qPrintable(caption));
        QCOMPARE(
            view.highlightNote()->text(),
            QString("This map is rank 0's: the MatMulV2 selected is rank 1's; rank 0's tensors of MatMulV2 "
                    "are highlighted."));
        // a new selection still brings its rank
        sel.rank = 1;
        sel.opType = "Cast";
        state.setSelection(sel);
        QCOMPARE(view.rank(), 1);
    }
    void annotationLabelsStayOffTheFindingsLabel() {
        // walk 23 #4: on a short map a range's label was drawn over the bank anomaly's explanation
        // ("AllReduce buffers in an unusual HBM bank"). Its red ink is all there with the range drawn, and
        // the range's label is still drawn
        views::MemoryMapCanvas c;
        c.resize(700, 130);
        c.setData(anomalyData()); // the AllReduce tensors in banks 0 and 1: the finding
        const QColor red = views::waitColor();
        // the label's rows: its baseline 4 px above the dashed outline 3 px around the bars (at least 12)
        const double top = std::min(c.barRect(0).top(), c.barRect(1).top()) - 3;
        const int labelBottom = int(std::max(12.0, top - 4)) + 4;
        auto count = [&](const QImage& img, auto is) {
            int n = 0;
            for (int y = 0; y < std::min(labelBottom, img.height()); ++y)
                for (int x = views::MemoryMapCanvas::kLeft; x < img.width(); ++x)
                    n += is(img.pixelColor(x, y));
            return n;
        };
        auto reddish = [&](const QColor& p) { return near(p, red); };
        const int findingInk = count(shotOf(c), reddish);
        QVERIFY(findingInk > 50);
        views::AnnotationModel model;
        annotate::Annotation a = memoryNote(annotate::Kind::Range, "KV cache grows");
        a.anchor.t0Ns = kRunStart;
        a.anchor.t1Ns = kRunStart + 2 * kMs;
        annotate1(c, model, a);
        const QImage with = shotOf(c);
        QCOMPARE(count(with, reddish), findingInk);
        QVERIFY(bluePixels(with) > 100); // its callout, anywhere
    }
    void aTensorNoteCoversNeitherTheFindingsLabelNorBars_data() {
        QTest::addColumn<int>("height");
        QTest::newRow("short map") << 130;
        QTest::newRow("tall map") << 300;
    }
    void aTensorNoteCoversNeitherTheFindingsLabelNorBars() {
        // walk 24: a note on one of the anomaly's tensors, kept off the explanation ("AllReduce buffers in
        // an unusual HBM bank"), went just below it: over the anomaly's bars, its own among them. With the
        // note, every pixel of the explanation and of the bars is as it was, and the note is drawn
        QFETCH(int, height);
        auto d = anomalyData();
        for (auto& t : d->tensors) // mid-bank: room for the explanation above the finding's outline
            t.addr = *t.addr + uint64_t(d->bankSizeBytes / 2);
        views::MemoryMapCanvas c;
        c.resize(700, height);
        c.setData(d);
        const QImage before = shotOf(c);
        const QColor red = views::waitColor(), bar = c.colorKey().colorOf("AllReduce");
        // the explanation's pixels (red, above the dashed outline 3 px around the bars) and the bars'
        const int outlineTop = int(std::min(c.barRect(0).top(), c.barRect(1).top())) - 4;
        std::vector<QPoint> ink;
        int caption = 0, bars = 0;
        for (int y = 0; y < before.height(); ++y)
            for (int x = views::MemoryMapCanvas::kLeft; x < before.width(); ++x) {
                const QColor p = before.pixelColor(x, y);
                const bool text = y < outlineTop && near(p, red);
                if (text || p == bar) ink.push_back({x, y});
                caption += text;
                bars += p == bar;
            }
        QVERIFY(caption > 50);
        QVERIFY(bars > 50);
        views::AnnotationModel model;
        annotate::Annotation a = memoryNote(annotate::Kind::Note, "grad bucket of step 1");
        a.anchor.tensorId = "t0";
        annotate1(c, model, a);
        const QImage with = shotOf(c);
        int changed = 0;
        int textChanged = 0; // the explanation's pixels
        for (const QPoint& at : ink) {
            changed += with.pixelColor(at) != before.pixelColor(at);
            textChanged += at.y() < outlineTop && with.pixelColor(at) != before.pixelColor(at);
        }
        // the note's dotted leader (walk 27) may cross the other bar, a pixel or two, never the text
        QCOMPARE(textChanged, 0);
        QVERIFY2(changed <= 3, qPrintable(QString::number(changed)));
        QVERIFY(bluePixels(with) > 100);
    }
    void aNoteOverFullRowsMovesBesideThem() {
        // level1 text (no tensor addresses): lifetimes stacked by allocation order fill every row over the
        // time of a note, and its label, searched above and below that time only, was drawn over bars.
        // Here 16 tensors live the whole run and 8 more only its first fifth: at a tenth every row holds a
        // bar, and right of the fifth the lower 8 rows are free. The callout goes there (no bar pixel turns
        // its colour, outside the note's own rule), with a dotted leader to the rule
        auto d = lifetimeData();
        views::MemoryMapCanvas c;
        c.resize(900, 300);
        c.setData(d);
        const QImage before = shotOf(c);
        views::AnnotationModel model;
        annotate::Annotation a = memoryNote(annotate::Kind::Note, "activations freed after backward");
        a.anchor.t0Ns = a.anchor.t1Ns = kRunStart + kRunLen / 10;
        annotate1(c, model, a);
        const QImage with = shotOf(c);
        const QColor matmul = c.colorKey().colorOf("MatMul"), conv = c.colorKey().colorOf("Conv");
        const int ruleX = int(c.barRect(0).left() + (c.barRect(0).width()) / 10);
        int covered = 0, blue = 0;
        for (int y = 0; y < with.height(); ++y)
            for (int x = views::MemoryMapCanvas::kLeft; x < with.width(); ++x) {
                if (with.pixelColor(x, y) != kBlue) continue;
                ++blue;
                const QColor was = before.pixelColor(x, y);
                covered += std::abs(x - ruleX) > 3 && (was == matmul || was == conv);
            }
        QVERIFY(blue > 500); // the callout is drawn
        // a callout over the bars covers thousands of their pixels; the dotted leader at most half its length
        QVERIFY2(covered < 150, qPrintable(QString::number(covered)));
    }
    void theNoteToolPlacesANoteOnAMapWithoutAddresses_data() {
        QTest::addColumn<bool>("onTensor");
        QTest::newRow("click on a tensor: a note on it") << true;
        QTest::newRow("click where no bar is: a note at that time") << false;
    }
    void theNoteToolPlacesANoteOnAMapWithoutAddresses() {
        // walk 27 (txl1, a Kineto profile without device addresses): with the note tool armed a click
        // selected the tensor and zoomed to it; the tool drafted only on a map with addresses
        QFETCH(bool, onTensor);
        views::MemoryMapCanvas c;
        c.resize(900, 300);
        c.setData(lifetimeData());
        views::AnnotationModel model;
        model.open(QString::fromStdString(test::tempDir("memnote") + "/annotations.json"));
        c.setAnnotations(&model);
        model.setTool(views::AnnotationModel::Tool::Note);
        QSignalSpy drafted(&c, &views::MemoryMapCanvas::annotationDrafted);
        QSignalSpy clicked(&c, &views::MemoryMapCanvas::tensorClicked);
        // tensor 20 (a Conv row) at the middle of its bar; or the same row at 3/5 of the run (freed at 1/5)
        const QRectF bar = c.barRect(20);
        const QPoint at =
            onTensor ? bar.center().toPoint()
                     : QPoint(int(c.timeMapping().x(kRunStart + 3 * kRunLen / 5)), int(bar.center().y()));
        QTest::mouseClick(&c, Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 0);
        QCOMPARE(drafted.count(), 1);
        const auto a = drafted.takeFirst().at(0).value<annotate::Annotation>();
        QCOMPARE(a.kind, annotate::Kind::Note);
        QCOMPARE(a.anchor.view, annotate::Surface::Memory);
        QCOMPARE(a.anchor.ranks, std::vector<int>{6});
        if (onTensor) {
            QCOMPARE(a.anchor.tensorId, std::string("t20"));
        } else {
            QVERIFY(a.anchor.tensorId.empty());
            QCOMPARE(a.anchor.t0Ns, a.anchor.t1Ns);
            const double ns = c.timeMapping().nsPerPx(); // the click's time, to a pixel
            QVERIFY2(std::abs(double(a.anchor.t0Ns - (kRunStart + 3 * kRunLen / 5))) <= 2 * ns,
                     qPrintable(QString::number(a.anchor.t0Ns - kRunStart)));
        }
        // added, drawn, and undone as the app adds it
        annotate::Annotation named = a;
        named.text = "here";
        named.color = kBlue.name().toStdString();
        QVERIFY(!model.add(named).isEmpty());
        QVERIFY(bluePixels(shotOf(c)) > 100);
        model.undoStack()->undo();
        QVERIFY(model.items().empty());
        QCOMPARE(bluePixels(shotOf(c)), 0);
    }
    void aTensorNoteAwayFromItsTensorHasALeader() {
        // walk 27: "Annotate this tensor" on the first row of a full lifetime map put its label under the
        // stacked rows, with nothing linking it to the tensor it names (only a label beside its target
        // had a leader). Blue pixels (the dotted leader) cross the rows between the tensor's outline
        // and the label
        views::MemoryMapCanvas c;
        c.resize(900, 300);
        c.setData(lifetimeData());
        views::AnnotationModel model;
        annotate::Annotation a = memoryNote(annotate::Kind::Note, "first weights");
        a.anchor.tensorId = "t0";
        a.anchor.t0Ns = a.anchor.t1Ns = kRunStart;
        annotate1(c, model, a);
        const QImage img = shotOf(c);
        const QRectF outline = c.barRect(0).adjusted(-3, -3, 3, 3);
        // the label: the first row under the outline mostly blue (its fill)
        int labelTop = -1;
        for (int y = int(outline.bottom()) + 1; y < img.height() && labelTop < 0; ++y) {
            int blue = 0;
            for (int x = views::MemoryMapCanvas::kLeft; x < img.width(); ++x)
                blue += img.pixelColor(x, y) == kBlue;
            if (blue > 40) labelTop = y;
        }
        QVERIFY2(labelTop - outline.bottom() > 20, // away from the tensor: what makes the check worth it
                 qPrintable(QString("label at %1, outline ends at %2").arg(labelTop).arg(outline.bottom())));
        int crossed = 0, rows = 0; // rows between with a blue pixel
        for (int y = int(outline.bottom()) + 2; y < labelTop - 1; ++y, ++rows)
            for (int x = views::MemoryMapCanvas::kLeft; x < img.width(); ++x)
                if (img.pixelColor(x, y) == kBlue) {
                    ++crossed;
                    break;
                }
        QVERIFY2(crossed >= rows / 3, qPrintable(QString("%1 of %2 rows").arg(crossed).arg(rows)));
        // and none where the label touches what it names
        QVERIFY(
            views::MemoryMapCanvas::leaderLine(QRectF(100, 10, 80, 18), QRectF(100, 30, 300, 4)).isNull());
    }
    void aTensorNotesLeaderHangsFromItsAnchorAtAnySize() {
        // walk 47 #5: the app's leader hung from where the tensor was clicked, the export's from the bar's
        // left end, the note ~60 px apart. The note keeps its spot in data coordinates (its time on the
        // tensor's life) and the leader meets the bar there, in the widget and in a larger picture alike
        for (const QSize& size : {QSize(900, 300), QSize(1400, 500)}) {
            views::MemoryMapCanvas c;
            c.resize(size);
            c.setData(lifetimeData());
            views::AnnotationModel model;
            annotate::Annotation a = memoryNote(annotate::Kind::Note, "first weights");
            a.anchor.tensorId = "t0"; // the first row, alive the whole run
            a.anchor.t0Ns = a.anchor.t1Ns = kRunStart + 3 * kRunLen / 4;
            annotate1(c, model, a);
            const QImage img = shotOf(c);
            const QRectF bar = c.barRect(0);
            const QPointF at = c.noteAnchor(a, bar);
            const double ns = c.timeMapping().nsPerPx();
            QVERIFY2(std::abs(double(c.timeMapping().t(at.x()) - a.anchor.t0Ns)) <= 2 * ns,
                     qPrintable(QString::number(at.x())));
            QVERIFY(bar.contains(at));
            int blue = 0; // the leader's end inside the bar (its outline is outside it)
            for (int y = int(bar.top()) + 1; y < int(bar.bottom()); ++y)
                for (int x = int(at.x()) - 3; x <= int(at.x()) + 3; ++x)
                    blue += near(img.pixelColor(x, y), kBlue);
            QVERIFY2(blue > 0, qPrintable(QString("%1 × %2: no leader at x %3 on the bar (y %4-%5)")
                                              .arg(size.width())
                                              .arg(size.height())
                                              .arg(at.x())
                                              .arg(bar.top())
                                              .arg(bar.bottom())));
        }
    }
    void aNotePlacedByTimeAloneIsDrawn() {
        // r43a: `annotate … --view memory --at 1ms` (no tensor, no address, no range) was never drawn on the
        // map: a dashed rule in its colour at that time, and its label
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 6;
        d->startNs = kRunStart;
        d->endNs = kRunStart + kRunLen;
        addBankTensors(*d, 2, 64 << 20);
        views::MemoryMapCanvas c;
        c.resize(700, 300);
        c.setData(d);
        views::AnnotationModel model;
        annotate::AnnotationSet set;
        annotate::Annotation a;
        a.kind = annotate::Kind::Note;
        a.text = "checkpoint";
        a.color = "#1f3fbf"; // a blue nothing else on the map uses
        a.anchor.view = annotate::Surface::Memory;
        a.anchor.ranks = {6};
        a.anchor.t0Ns = a.anchor.t1Ns = kRunStart + kRunLen / 2;
        set.add(a);
        model.setAnnotations(set);
        c.setAnnotations(&model);
        QImage img(c.size(), QImage::Format_ARGB32);
        c.render(&img);
        // the rule: blue pixels in one narrow column band over most of the plot's height
        std::map<int, int> byX;
        for (int y = 0; y < img.height(); ++y)
            for (int x = views::MemoryMapCanvas::kLeft; x < img.width(); ++x)
                if (img.pixelColor(x, y) == QColor("#1f3fbf")) ++byX[x];
        int tallest = 0;
        for (const auto& [x, n] : byX)
            tallest = std::max(tallest, n);
        QVERIFY2(tallest > img.height() / 3, qPrintable(QString::number(tallest)));
    }
    void theCaptionAndKeyAreNeverCutAtTheDocksEdge() {
        // walk 47, 640 × 480 and 800 × 600: the caption ("… peak allocated 1.23 GiB · peak res") and the
        // colour key ran past the dock's right edge, cut mid-word: the panel was wider than its dock, which
        // scrolled it sideways: the curves' legend in one row held the plot 634 px wide. In view now:
        // nothing of the panel beyond the dock's edge (the legend wraps)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("memorymapview-dock")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto level1 = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*ix.db, 0));
        for (const QSize& size : {QSize(440, 195), QSize(555, 206)}) {
            views::InteractionState state;
            state.setBounds(level1->startNs, level1->endNs);
            auto* view = new views::MemoryMapView(&state, nullptr);
            gui::DockScrollArea dock(view);
            dock.resize(size);
            view->setProfile({});
            dock.show();
            view->setData(level1);
            QVERIFY(QTest::qWaitForWindowExposed(&dock));
            QCoreApplication::processEvents();
            QVERIFY2(dock.horizontalScrollBar()->maximum() == 0,
                     qPrintable(QString("%1 × %2: the panel %3 px wide")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(view->width())));
            view->plot()->replot();
            const QRect legend = view->plot()->legend->outerRect();
            QVERIFY2(legend.left() >= 0 && legend.right() < view->plot()->width(),
                     qPrintable(QString("the legend at x %1-%2 of a %3 px plot")
                                    .arg(legend.left())
                                    .arg(legend.right())
                                    .arg(view->plot()->width())));
        }
    }
    void aLegendWrappedThenWidenedAgainIsLaidOutAgain() {
        // walk 31: the demo's Memory tab, the window made 800 × 600 and then 1500 × 950 again: a segfault in
        // wrapLegend, which took the wrapped grid's empty cells for entries. Its legend has the demo's three
        // curves (allocated, reserved, active); at 300 px they wrap, at 1400 px one row again
        CurvesShown c;
        auto& view = c.view;
        for (int width : {1400, 300, 1400, 360, 1400}) {
            view.resize(width, 400);
            view.show();
            QCoreApplication::processEvents();
            view.plot()->replot();
            view.plot()->replot(); // the wrap set in the first replot's beforeReplot is laid out by the next
        }
        QCOMPARE(view.plot()->legend->wrap(), 0);
    }
    void theCaptionIsOneElidedLineThatLeavesTheMapItsHeight_data() {
        QTest::addColumn<QSize>("size");
        // the memory dock of an 800 × 600 and a 640 × 480 window (walk 48), and a wide one
        QTest::newRow("800 x 600") << QSize(560, 330);
        QTest::newRow("640 x 480") << QSize(420, 250);
        QTest::newRow("wide") << QSize(1500, 600);
    }
    void theCaptionIsOneElidedLineThatLeavesTheMapItsHeight() {
        // walk 48: the caption (rich text) wrapped over 3–4 lines in a small window's dock and left the map
        // ~2½ banks high. One line now, cut at a word's end with "…" (bold and colour kept up to the cut),
        // the whole in its tooltip; the map keeps its share of the height
        QFETCH(QSize, size);
        Shown s;
        auto d = curveData();
        d->rank = 3;
        addBankTensors(*d, 4, 64 << 20);
        d->anomalyOps = {"AllReduce"};
        d->bankLayoutAssumed = true; // the longest caption: the assumed layout said why
        s.view.resize(size);
        s.view.setData(d);
        QCoreApplication::processEvents();
        views::ElidedLabel* caption = s.view.caption();
        const QString whole = caption->fullText();
        QTextDocument doc;
        doc.setDefaultFont(caption->font());
        doc.setDocumentMargin(0);
        doc.setHtml(whole);
        const bool fits = doc.idealWidth() <= caption->contentsRect().width();
        QCOMPARE(fits, size.width() > 1000); // the caption is ~900 px long at this font
        QVERIFY2(caption->height() < 2 * caption->fontMetrics().lineSpacing(),
                 qPrintable(QString("the caption %1 px high").arg(caption->height())));
        QTextDocument shown;
        shown.setHtml(caption->text());
        const QString shownPlain = shown.toPlainText();
        if (fits) {
            QCOMPARE(caption->toolTip(), QString());
        } else {
            QVERIFY2(shownPlain.endsWith(QChar(0x2026)), qPrintable(shownPlain));
            QVERIFY(doc.toPlainText().startsWith(shownPlain.chopped(1)));
            QCOMPARE(caption->toolTip(), whole);
        }
        // the map keeps what the strip and the curves' plot leave: at the two small sizes the plot's 130 px
        // and the 4-bank strip are fixed, ~100 px are the map's (~50 while the caption wrapped)
        QVERIFY2(
            s.view.canvas()->height() >= 90,
            qPrintable(QString("the map %1 px of %2; caption %3 legend %4 note %5 strip %6 plot %7")
                           .arg(s.view.canvas()->height())
                           .arg(s.view.height())
                           .arg(caption->height())
                           .arg(s.view.legend()->isVisible() ? s.view.legend()->height() : -1)
                           .arg(s.view.highlightNote()->isVisible() ? s.view.highlightNote()->height() : -1)
                           .arg(s.view.strip()->height())
                           .arg(s.view.plot()->height())));
    }
    void theColourKeyIsOneLineAboveTheMap() {
        // r49b #2: in a small window's dock the colour key (8 ops and "other ops") wrapped over 2–3 lines and
        // its last line was drawn over the map; one line now, elided at a word, whole in its tooltip
        for (const QSize size : {QSize(420, 250), QSize(560, 330)}) {
            Shown s;
            auto d = curveData();
            addBankTensors(*d, 2, 64 << 20);
            for (int i = 0; i < 10; ++i) {
                query::TensorItem t;
                t.tensorId = "k" + std::to_string(i);
                t.opName = "aten::scaled_dot_product_attention_" + std::to_string(i);
                t.sizeBytes = int64_t(16 - i) << 20;
                t.addr = d->bankBase + uint64_t(2) * uint64_t(d->bankSizeBytes) + uint64_t(i) * (64u << 20);
                t.bank = 2;
                t.allocNs = kRunStart + kMs;
                t.freeNs = kRunStart + 3 * kMs;
                d->tensors.push_back(t);
            }
            s.view.resize(size);
            s.view.setData(d);
            QCoreApplication::processEvents();
            auto* key = s.view.legend();
            QVERIFY(key->isVisible());
            QVERIFY2(
                key->height() < 2 * key->fontMetrics().lineSpacing(),
                qPrintable(QString("the key %1 px high at %2 px wide").arg(key->height()).arg(size.width())));
            QVERIFY2(key->geometry().bottom() < s.view.canvas()->mapTo(&s.view, QPoint(0, 0)).y(),
                     "the key reaches into the map");
            QTextDocument shown;
            shown.setHtml(key->text());
            QVERIFY2(shown.toPlainText().endsWith(QChar(0x2026)), qPrintable(shown.toPlainText()));
            QCOMPARE(key->toolTip(), key->fullText());
            QVERIFY(key->fullText().contains("other ops"));
        }
    }
    void aPictureShowsTheCaptionWhole() {
        // the caption elided on screen (walk 48) says the rest in its tooltip; a picture (File ▸ Export,
        // `rankscope export`) has none: it paints the caption whole, wrapped, and the view is as before after
        Shown s;
        auto d = curveData();
        addBankTensors(*d, 4, 64 << 20);
        d->anomalyOps = {"AllReduce"};
        d->bankLayoutAssumed = true;
        s.view.resize(420, 400);
        s.view.setData(d);
        QCoreApplication::processEvents();
        views::ElidedLabel* caption = s.view.caption();
        QVERIFY(caption->isElided());
        // what the caption paints, caught as it paints
        QStringList painted;
        struct Catch : QObject {
            QStringList* out;
            bool eventFilter(QObject* o, QEvent* e) override {
                if (e->type() == QEvent::Paint) *out << static_cast<QLabel*>(o)->text();
                return false;
            }
        } paints;
        paints.out = &painted;
        caption->installEventFilter(&paints);
        QImage img(s.view.size(), QImage::Format_ARGB32);
        QPainter p(&img);
        s.view.renderPicture(p);
        p.end();
        caption->removeEventFilter(&paints);
        QVERIFY(!painted.isEmpty());
        QCOMPARE(painted.last(), caption->fullText());
        QVERIFY(caption->isElided()); // on screen, elided again
        QVERIFY(caption->height() < 2 * caption->fontMetrics().lineSpacing());
    }
    void theLegendIsWrappedOnResizeNotOnEachReplot() {
        // review of walk 47's fix: the legend was wrapped in every replot's beforeReplot, measuring each
        // entry on every pan. Now a resize wraps it before the plot's own replot, and a replot at the same
        // size leaves the wrap as it is (here one set by hand: a replot that wrapped would set it back to 0)
        CurvesShown c;
        auto& view = c.view;
        view.resize(300, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
        QVERIFY2(view.plot()->legend->wrap() > 0,
                 "300 px: the three curves' entries wrap"); // no replot asked
        view.resize(1400, 400);
        QCoreApplication::processEvents();
        QCOMPARE(view.plot()->legend->wrap(), 0); // one row again
        view.plot()->legend->setWrap(1);
        view.plot()->replot();
        c.state.setWindow(c.d->startNs, (c.d->startNs + c.d->endNs) / 2); // a window move replots the curves
        QCoreApplication::processEvents();
        view.plot()->replot();
        QCOMPARE(view.plot()->legend->wrap(), 1);
    }
    void theCaptionNamesTheSelectionBeforeTheFinding() {
        // issue 19: with a MatMulV2 tensor of rank 6 selected, the line above the map named only AllReduce
        // (the bank anomaly, in red), read as the selection. It names the selected tensor, or the op
        // highlighted, first, and says the anomaly is a finding.
        Shown s;
        auto d = curveData();
        d->rank = 6;
        addBankTensors(*d, 2, 64 << 20); // t0, t1: AllReduce in banks 0 and 1
        d->tensors[1].opName = "MatMulV2";
        d->anomalyOps = {"AllReduce"};
        s.view.setData(d);
        auto* caption = s.view.caption();
        views::Selection sel;
        sel.kind = views::Selection::Kind::Tensor;
        sel.rank = 6;
        sel.tensorId = "t1";
        s.state.setSelection(sel);
        QString text = caption->fullText();
        QVERIFY2(text.contains("selected: tensor <b>t1</b> of <b>MatMulV2</b> (64.0 MiB, bank 1)") &&
                     text.indexOf("MatMulV2") < text.indexOf("AllReduce") &&
                     text.contains("finding: AllReduce in an unusual bank"),
                 qPrintable(text));
        sel = {};
        sel.kind = views::Selection::Kind::OpType;
        sel.rank = 6;
        sel.opType = "MatMulV2";
        s.state.setSelection(sel);
        text = caption->fullText();
        QVERIFY2(text.startsWith(QString::fromUtf8("Rank 6 · selected: <b>MatMulV2</b> (1 tensor names it)")),
                 qPrintable(text));
        s.state.clearSelection();
        QVERIFY2(!caption->fullText().contains("selected"), qPrintable(caption->fullText()));
    }
    void aClickedOperatorMemoryRowIsSelectedByItsLine() {
        // issue 19: a bar of an operator_memory.csv row (keyed "om34": line 34 of the file, no tensor id in
        // the data) was selected as "tensor om34" everywhere (Details, the status line)
        Shown s;
        auto d = curveData();
        query::TensorItem t;
        t.tensorId = "om34";
        t.opName = "aten::nll_loss_forward";
        t.sizeBytes = 2560;
        t.allocNs = kRunStart + kMs;
        t.source = "operator_memory";
        d->tensors.push_back(t);
        s.view.setData(d);
        Q_EMIT s.view.canvas()->tensorClicked(0);
        QCOMPARE(s.state.selection().tensorId, QString("om34"));
        QCOMPARE(s.state.selection().tensorLabel(), QString("operator_memory.csv line 34"));
    }
    void anOpNoRecordNamesDimsNothing() {
        // walk18b #3: text/level1's MatMulV2 cell selected, every bar of the memory map was dimmed (its
        // records name aten::mm and aten::addmm, never a kernel type) and Details said "tensors it allocated
        // are highlighted": it read as "MatMulV2 allocated nothing". Pixels of the bar at full colour, a note
        // that says why, and the count the Details panel is told
        Shown on; // no service: the drop-down gets its entry from the data
        auto& [state, view] = on;
        auto d = curveData();
        for (const char* op : {"aten::mm", "aten::mm", "aten::addmm"}) {
            query::TensorItem t;
            t.tensorId = op + std::to_string(d->tensors.size());
            t.opName = op;
            t.sizeBytes = 64 << 20;
            t.addr = 0x100000000 + (uint64_t(d->tensors.size()) << 27);
            t.allocNs = kRunStart + kMs;
            t.freeNs = kRunStart + 5 * kMs;
            d->tensors.push_back(t);
        }
        d->hasAddresses = true;
        view.setData(d);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QList<QVariantList> shown;
        connect(&view, &views::MemoryMapView::opHighlightShown, this,
                [&](const QString& op, int rank, int n) {
                    shown.push_back({op, rank, n});
                });
        const QColor mm = view.canvas()->colorKey().colorOf("aten::mm");
        auto barPixel = [&] {
            const QImage img = view.canvas()->grab().toImage();
            return img.pixelColor(view.canvas()->barRect(0).center().toPoint());
        };
        QCOMPARE(barPixel().name(), mm.name());
        views::Selection sel;
        sel.kind = views::Selection::Kind::OpType;
        sel.opType = "MatMulV2";
        sel.rank = 0;
        state.setSelection(sel);
        QCOMPARE(barPixel().name(), mm.name()); // not dimmed: nothing says MatMulV2 allocated nothing
        QVERIFY(view.highlightNote()->isVisible());
        QVERIFY2(view.highlightNote()->text().startsWith(
                     "No tensor in rank 0's memory map names MatMulV2's ops: its records name the ops that "
                     "allocated (such as aten::mm, aten::addmm)"),
                 qPrintable(view.highlightNote()->text()));
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.back(), (QVariantList{"MatMulV2", 0, 0}));
        // an op the records do name: its bars keep their colour, the others dim, and nothing is noted
        sel.opType = "aten::addmm";
        state.setSelection(sel);
        QVERIFY(barPixel().name() != mm.name());
        QVERIFY(!view.highlightNote()->isVisible());
        QCOMPARE(shown.back(), (QVariantList{"aten::addmm", 0, 1}));
    }
    void anOpTypesKernelRecordsAreHighlighted() {
        // walk 53b: text/level1's Conv2D selected, the map said "No tensor in rank 0's memory map names
        // Conv2D's ops … nothing is highlighted" while operator_memory.csv names "cann::Conv2D1", a kernel of
        // type Conv2D (kernel_details.csv): its bar is highlighted, the framework op's dimmed, nothing noted
        Shown on;
        auto& [state, view] = on;
        auto d = curveData();
        for (const char* op : {"aten::mm", "cann::Conv2D1"}) {
            query::TensorItem t;
            t.tensorId = op + std::to_string(d->tensors.size());
            t.opName = op;
            t.sizeBytes = 64 << 20;
            t.addr = 0x100000000 + (uint64_t(d->tensors.size()) << 27);
            t.allocNs = kRunStart + kMs;
            t.freeNs = kRunStart + 5 * kMs;
            d->tensors.push_back(t);
        }
        d->hasAddresses = true;
        d->kernelTypeOf = {{"Conv2D1", "Conv2D"}};
        view.setData(d);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QList<QVariantList> shown;
        connect(&view, &views::MemoryMapView::opHighlightShown, this,
                [&](const QString& op, int rank, int n) {
                    shown.push_back({op, rank, n});
                });
        const QColor mm = view.canvas()->colorKey().colorOf("aten::mm");
        const QColor conv = view.canvas()->colorKey().colorOf("cann::Conv2D1");
        auto barPixel = [&](int i) {
            const QImage img = view.canvas()->grab().toImage();
            return img.pixelColor(view.canvas()->barRect(size_t(i)).center().toPoint());
        };
        views::Selection sel;
        sel.kind = views::Selection::Kind::OpType;
        sel.opType = "Conv2D";
        sel.rank = 0;
        state.setSelection(sel);
        QVERIFY2(!view.highlightNote()->isVisible(), qPrintable(view.highlightNote()->text()));
        QCOMPARE(shown.back(), (QVariantList{"Conv2D", 0, 1}));
        QCOMPARE(barPixel(1).name(), conv.name()); // its own colour
        QVERIFY(barPixel(0).name() != mm.name());  // the other dimmed
        sel.opType = "Conv2D1";                    // the kernel itself, its prefix aside
        state.setSelection(sel);
        QCOMPARE(shown.back(), (QVariantList{"Conv2D1", 0, 1}));
    }
    void valueLabelsStandALineApart() {
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + kRunLen);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1400, 800);
        view.show();
        view.setData(curveData());
        QCustomPlot* plot = view.plot();
        plot->setFixedHeight(plot->minimumHeight()); // the splitter's smallest plot
        QCoreApplication::processEvents();
        plot->replot();
        plot->replot(); // the ticks are fitted to the rect the previous replot laid out
        const auto ticks = plot->yAxis->tickVector();
        QVERIFY(ticks.size() >= 2);
        const int lineH = QFontMetrics(plot->yAxis->tickLabelFont()).height();
        for (int i = 1; i < ticks.size(); ++i) {
            const double gap =
                std::abs(plot->yAxis->coordToPixel(ticks[i]) - plot->yAxis->coordToPixel(ticks[i - 1]));
            QVERIFY2(gap >= lineH,
                     qPrintable(QString("labels %1 px apart, a line is %2").arg(gap).arg(lineH)));
        }
    }
    void legendCoversNoCurve_data() {
        QTest::addColumn<int>("plotHeight");
        QTest::newRow("smallest") << 0; // the plot's minimum height
        QTest::newRow("large") << 400;
    }
    void legendCoversNoCurve() {
        QFETCH(int, plotHeight);
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + kRunLen); // a held tail from 8 ms: a third legend entry
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 900);
        view.show();
        auto d = curveData(); // allocated rises to the reserved line (12.5 GiB) at the right end
        d->curve.push_back({kRunStart + 9 * kMs, 12.5 * kGiB, 12.5 * kGiB, 0.5 * kGiB});
        d->endNs = kRunStart + kRunLen;
        view.setData(d);
        QCustomPlot* plot = view.plot();
        plot->setFixedHeight(plotHeight > 0 ? plotHeight : plot->minimumHeight());
        QCoreApplication::processEvents();
        plot->replot();
        QVERIFY(plot->legend->visible() && plot->legend->itemCount() >= 3);
        const QRect box = plot->legend->outerRect();
        QVERIFY(!box.isEmpty());
        plot->legend->layer()->setVisible(false); // what the legend's box would hide
        plot->replot();
        const QImage img = plot->grab().toImage();
        plot->legend->layer()->setVisible(true);
        int under = 0; // the curves' reds and blues, and the allocated curve's fill
        for (int y = box.top(); y <= box.bottom(); ++y)
            for (int x = box.left(); x <= box.right(); ++x) {
                const QColor c = img.pixelColor(x, y);
                const int h = c.hue();
                under += c.saturation() > 12 && ((h >= 0 && h <= 25) || (h >= 190 && h <= 215));
            }
        QVERIFY2(under == 0, qPrintable(QString("%1 curve pixels under the legend box %2,%3 %4x%5")
                                            .arg(under)
                                            .arg(box.x())
                                            .arg(box.y())
                                            .arg(box.width())
                                            .arg(box.height())));
        // and the curves still have room: the axis rect below the legend holds them
        QVERIFY(plot->axisRect()->rect().height() > 40);
    }
    void thePeakMarkLeavesTheCurveUnderItSeen() {
        // walk 51: level1's allocated curve peaks at 1.23 GiB for 40 µs (0.3 px at its width), a 4 px spike
        // the filled peak dot covered: the line seemed to stop short of the peak it labelled. The mark is a
        // ring: inside it, the picture is the curve's as without the mark.
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + kRunLen);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 900);
        view.show();
        auto d = std::make_shared<query::MemoryMapData>();
        const int64_t peakAt = kRunStart + 4 * kMs;
        for (int64_t t : {int64_t(0), 4 * kMs, 4 * kMs + 10000, 8 * kMs})
            d->curve.push_back({kRunStart + t, (t == 4 * kMs ? 1.3 : 1.0) * kGiB, 2 * kGiB, 0.5 * kGiB});
        d->startNs = kRunStart;
        d->endNs = kRunStart + 8 * kMs;
        d->peakAllocatedBytes = int64_t(1.3 * kGiB);
        d->peakTsNs = peakAt;
        view.setData(d);
        QCustomPlot* plot = view.plot();
        plot->setFixedHeight(300);
        QCoreApplication::processEvents();
        QCPItemTracer* mark = nullptr;
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemTracer*>(plot->item(i))) mark = t;
        QVERIFY(mark);
        plot->replot();
        const QImage with = plot->grab().toImage();
        mark->setVisible(false);
        plot->replot();
        const QImage without = plot->grab().toImage();
        const QPointF c = mark->position->pixelPosition();
        int covered = 0;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                covered += with.pixel(int(c.x()) + dx, int(c.y()) + dy) !=
                           without.pixel(int(c.x()) + dx, int(c.y()) + dy);
        QCOMPARE(covered, 0);
    }
    void followsAWindowOutsideTheMemoryData_data() {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<bool>("windowFirst");
        QTest::addColumn<int>("alive");
        // walk 28: level1's memory records run from +8.97 to +77.3 ms; a 2 ms window at +104 ms showed the
        // map's axis at +70 … +127 ms with tensors of +73–77 ms. Here the tensors live from 1 to 3 ms.
        QTest::newRow("after the data, window then data") << qint64(5 * kMs) << qint64(7 * kMs) << true << 0;
        QTest::newRow("after the data, data then window") << qint64(5 * kMs) << qint64(7 * kMs) << false << 0;
        QTest::newRow("before the data") << qint64(100000) << qint64(900000) << false << 0;
        QTest::newRow("across the data's end") << qint64(2 * kMs) << qint64(4 * kMs) << false << 2;
    }
    void followsAWindowOutsideTheMemoryData() {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(bool, windowFirst);
        QFETCH(int, alive);
        Shown s;
        auto d = anomalyData();
        d->startNs = kRunStart + kMs; // the memory data: its first and last records
        d->endNs = kRunStart + 3 * kMs;
        if (windowFirst) s.state.setWindow(kRunStart + from, kRunStart + to);
        s.view.setData(d);
        if (!windowFirst) s.state.setWindow(kRunStart + from, kRunStart + to);
        auto* c = s.view.canvas();
        QCOMPARE(c->t0(), kRunStart + from);
        QCOMPARE(c->t1(), kRunStart + to);
        QCustomPlot* plot = s.view.plot();
        plot->replot();
        QCOMPARE(plot->xAxis->range().lower, double(from) / 1e6);
        QCOMPARE(plot->xAxis->range().upper, double(to) / 1e6);
        QCOMPARE(c->aliveInWindow(), alive);
        // an empty window says so in the plot's middle third (no text there when tensors are drawn)
        const QImage img = shotOf(*c);
        // the placeholder ink is translucent: as painted over the plot's base
        const QColor text = c->palette().color(QPalette::PlaceholderText),
                     base = c->palette().color(QPalette::Base);
        const double a = text.alphaF();
        const QColor ink = QColor::fromRgbF(text.redF() * a + base.redF() * (1 - a),
                                            text.greenF() * a + base.greenF() * (1 - a),
                                            text.blueF() * a + base.blueF() * (1 - a));
        int inked = 0;
        for (int y = img.height() / 3; y < 2 * img.height() / 3; ++y)
            for (int x = img.width() / 3; x < 2 * img.width() / 3; ++x)
                inked += near(img.pixelColor(x, y), ink);
        QCOMPARE(inked > 0, alive == 0);
    }
    void aDoubleClickMovesTheSharedWindowToTheData() {
        // r47c #4: a double-click reset the map to its data's range and left the shared window (the
        // timeline) where it was; now the map and the timeline show the same window, and Back undoes it.
        // r49b #6: on empty space that window is View ▸ Fit's, the run's bounds (it was the memory data's
        // range and a fiftieth of it either side)
        Shown s;
        auto d = anomalyData();
        d->startNs = kRunStart + kMs; // the memory data: 1 … 3 ms into the run
        d->endNs = kRunStart + 3 * kMs;
        s.view.setData(d);
        s.state.setWindow(kRunStart + 5 * kMs, kRunStart + 7 * kMs);
        auto* c = s.view.canvas();
        QTest::mouseDClick(c, Qt::LeftButton, {}, QPoint(c->width() / 2, c->height() / 2));
        QCOMPARE(s.state.windowStart(), kRunStart);
        QCOMPARE(s.state.windowEnd(), kRunStart + kRunLen);
        QCOMPARE(c->t0(), s.state.windowStart());
        QCOMPARE(c->t1(), s.state.windowEnd());
        QVERIFY(s.state.canGoBack());
        s.state.back();
        QCOMPARE(s.state.windowStart(), kRunStart + 5 * kMs);
        QCOMPARE(c->t0(), kRunStart + 5 * kMs);
        QCOMPARE(c->t1(), kRunStart + 7 * kMs);
    }
    void aDoubleClickOnATensorIsOneStepOfBack_data() {
        QTest::addColumn<bool>("onTensor");
        // walk 34: a double-click on a tensor went to the data's whole range, as on empty space; it goes to
        // the tensor's lifetime, as a timeline double-click zooms to its span
        QTest::newRow("on a tensor: its lifetime") << true;
        QTest::newRow("on empty space: Fit's window") << false;
    }
    void aDoubleClickOnATensorIsOneStepOfBack() {
        // walk 48: a double-click's first click selected the tensor, and the timeline brought its allocation
        // into the window (a move); the double-click then moved it again: Back had to be pressed twice to
        // return. One double-click is one move now, the tensor still selected
        QFETCH(bool, onTensor);
        Shown s;
        auto d = anomalyData();
        d->startNs = kRunStart; // wider than the tensors' lives (+1 … +3 ms): the two windows differ
        d->endNs = kRunStart + 4 * kMs;
        s.view.setData(d);
        const std::pair<qint64, qint64> before{kRunStart + 5 * kMs, kRunStart + 7 * kMs};
        s.state.setWindow(before.first, before.second);
        // the timeline's follow (TimelineView::follow): a tensor's allocation into the window, unless it
        // was chosen where it is seen
        connect(&s.state, &views::InteractionState::selectionChanged, this, [&](const views::Selection& sel) {
            if (sel.kind == views::Selection::Kind::Tensor && !sel.keepWindow)
                s.state.setWindow(sel.startNs - 1000, sel.startNs + 1000);
        });
        auto* c = s.view.canvas();
        QCoreApplication::processEvents();
        const QRectF bar = c->barRect(0);
        // empty space: right of every bar and below them, inside the plot
        QPoint at = bar.center().toPoint();
        if (!onTensor) {
            at = QPoint(c->width() - 3, c->height() - 3);
            for (size_t i = 0; i < d->tensors.size(); ++i)
                QVERIFY(!c->barRect(i).contains(at));
        }
        // the events of a double-click, in their order: a click, then a press, the double-click, a release
        QTest::mouseClick(c, Qt::LeftButton, {}, at);
        if (onTensor) {
            // r49b #6: the click selects, the window stays (it moved 200 µs about the allocation, a Back
            // step)
            QCOMPARE(s.state.selection().kind, views::Selection::Kind::Tensor);
            QCOMPARE(std::make_pair(s.state.windowStart(), s.state.windowEnd()), before);
        }
        QTest::mousePress(c, Qt::LeftButton, {}, at);
        QMouseEvent dbl(QEvent::MouseButtonDblClick, at, c->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton,
                        Qt::NoModifier);
        QApplication::sendEvent(c, &dbl);
        QTest::mouseRelease(c, Qt::LeftButton, {}, at);
        const auto& t = d->tensors[0];
        // a tensor: its lifetime, a fiftieth of it either side; empty space: View ▸ Fit's window, the
        // run's bounds (r49b #6: it was the memory data's range padded by 2 %)
        const qint64 pad = onTensor ? (*t.freeNs - *t.allocNs) / 50 : 0;
        const qint64 from = onTensor ? *t.allocNs - pad : kRunStart,
                     to = onTensor ? *t.freeNs + pad : kRunStart + kRunLen;
        QCOMPARE(s.state.windowStart(), from);
        QCOMPARE(s.state.windowEnd(), to);
        QCOMPARE(c->t0(), from);
        QCOMPARE(c->t1(), to);
        if (onTensor) QCOMPARE(s.state.selection().tensorId, QString::fromStdString(t.tensorId));
        s.state.back(); // one Back: the window before the double-click
        QCOMPARE(std::make_pair(s.state.windowStart(), s.state.windowEnd()), before);
        QVERIFY(s.state.canGoForward()); // and Forward returns to where it went
        s.state.forward();
        QCOMPARE(s.state.windowStart(), from);
    }
    void anEarlierMapsClickIsNoTensorOfTheNext() {
        // review of stop 48: the clicked tensor was an index into the map's tensors that new data did not
        // reset; a click on rank 6's tensor 0, another rank's map, then a double-click whose first click was
        // no click (it moved) zoomed to the new map's tensor 0, an unrelated tensor, not to Fit's window
        Shown s;
        s.view.setData(anomalyData());
        auto* c = s.view.canvas();
        QCoreApplication::processEvents();
        QTest::mouseClick(c, Qt::LeftButton, {}, c->barRect(0).center().toPoint());
        auto other = anomalyData();
        other->rank = 7;
        s.view.setData(other);
        QCoreApplication::processEvents();
        s.state.setWindow(kRunStart + 5 * kMs, kRunStart + 7 * kMs);
        const QPoint at = c->barRect(0).center().toPoint();
        QMouseEvent dbl(QEvent::MouseButtonDblClick, at, c->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton,
                        Qt::NoModifier);
        QApplication::sendEvent(c, &dbl);
        QTest::mouseRelease(c, Qt::LeftButton, {}, at);
        QCOMPARE(s.state.windowStart(), kRunStart); // Fit's window, the run's bounds
        QCOMPARE(s.state.windowEnd(), kRunStart + kRunLen);
    }
    void anotherProfileLeavesNoMap() {
        // review of stop 48: the canvas kept the previous profile's map until the new one came, and a bank
        // finding's lifetime read it at once (FindingNavigator::askLifetime): a window of the old tensors
        Shown s;
        s.view.setData(anomalyData());
        QVERIFY(s.view.canvas()->data());
        s.view.setProfile({6, 7});
        QVERIFY(!s.view.canvas()->data());
    }
    void aWindowAfterTheDataSaysWhatWasNeverFreed() {
        // walk 29 (db/level1): after the last record "No tensors alive in this window" while 24 tensors had
        // no release in the data: past its end their lifetimes are not known
        Shown s;
        auto d = anomalyData();
        d->startNs = kRunStart + kMs;
        d->endNs = kRunStart + 3 * kMs;
        QVERIFY(d->tensors.size() >= 2);
        d->tensors[0].freeNs.reset();
        s.view.setData(d);
        auto* c = s.view.canvas();
        s.state.setWindow(kRunStart + 5 * kMs, kRunStart + 7 * kMs);
        QCOMPARE(c->aliveInWindow(), 0);
        QVERIFY2(c->emptyWindowText().contains("1 tensor was never freed in the data"),
                 qPrintable(c->emptyWindowText()));
        s.state.setWindow(kRunStart + 100000, kRunStart + 900000); // before the data: nothing alive, said so
        QCOMPARE(c->emptyWindowText(), QString("No tensors alive in this window"));
    }
    void timeLabelsDifferAtAnyZoom() {
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + 200 * kMs);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1400, 800);
        view.show();
        auto d = curveData();
        d->endNs = kRunStart + 200 * kMs;
        view.setData(d);
        const int64_t t0 = kRunStart + 140555000; // +140.555 ms, a 339 ns window as on the demo
        state.setWindow(t0, t0 + 339);
        QCustomPlot* plot = view.plot();
        plot->replot();
        const QStringList l = labels(plot->xAxis);
        QVERIFY2(l.size() >= 3, qPrintable(l.join(" | ")));
        QVERIFY2(QSet<QString>(l.begin(), l.end()).size() == l.size(), qPrintable(l.join(" | ")));
        QVERIFY2(l.first().startsWith("+140.555") && l.first().endsWith(" ms"), qPrintable(l.join(" | ")));
    }
    void timeLabelsPickAReadableUnit_data() {
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<QString>("unit");
        // walk 16: resource/profiler's run 4 holds no timed event, its window is 1 ns: "0.0000009 ms"
        QTest::newRow("1 ns at the start") << qint64(0) << qint64(1) << " ns";
        QTest::newRow("40 ns at +300 ns") << qint64(300) << qint64(40) << " ns";
        QTest::newRow("8 µs at +20 µs") << qint64(20000) << qint64(8000) << QString::fromUtf8(" µs");
        QTest::newRow("9.762 ms") << qint64(0) << qint64(kRunLen) << " ms";
        QTest::newRow("6 s") << qint64(0) << qint64(6 * 1000 * kMs) << " s";
    }
    void timeLabelsPickAReadableUnit() {
        QFETCH(qint64, offset);
        QFETCH(qint64, span);
        QFETCH(QString, unit);
        views::InteractionState state;
        state.setBounds(kRunStart, kRunStart + std::max<qint64>(span, kRunLen) + offset);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 600);
        view.show();
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0; // no memory data: the shown window is the axis' range
        state.setWindow(kRunStart + offset, kRunStart + offset + span);
        view.setData(d);
        QCustomPlot* plot = view.plot();
        plot->replot();
        const QStringList l = labels(plot->xAxis);
        QVERIFY2(!l.isEmpty(), qPrintable(l.join(" | ")));
        QCOMPARE(QSet<QString>(l.begin(), l.end()).size(), l.size());
        // an offset in the unit that suits it, with few digits: "+300 ns", "+20.0 µs", never "0.0000003"
        const QRegularExpression readable(QString("^[+-]\\d{1,4}(\\.\\d{1,4})?%1$").arg(unit));
        for (const QString& t : l)
            QVERIFY2(readable.match(t).hasMatch(), qPrintable(l.join(" | ")));
        QVERIFY(!plot->xAxis->label().contains("ms"));
    }
};

QTEST_MAIN(TstMemoryMapView)
#include "tst_memorymapview.moc"
