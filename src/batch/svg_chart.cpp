#include "batch/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "record/html_escape.h"

namespace conquian::batch::svg {

std::string escape(const std::string& text) { return record::html::escape(text); }

namespace {

// A round axis end above `v`: 10 %, 20 %, ... 100 %.
double axis_end(double v) { return std::min(1.0, std::max(0.1, std::ceil(v * 10 + 1e-9) / 10)); }

}  // namespace

std::string bar_chart(const std::vector<BarGroup>& groups, int width) {
  const int label_w = 190, right = 70, bar_h = 18, gap = 6, group_gap = 16, head = 22, top = 10, axis_h = 30;
  double top_value = 0;
  int height = top + axis_h;
  for (const auto& g : groups) {
    height += head + group_gap + static_cast<int>(g.bars.size()) * (bar_h + gap);
    for (const auto& b : g.bars) top_value = std::max(top_value, b.high);
  }
  double end = axis_end(top_value);
  double plot_w = width - label_w - right;
  auto x = [&](double v) { return label_w + plot_w * std::clamp(v, 0.0, end) / end; };
  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {1}" width="{0}" height="{1}" class="chart">)", width,
      height);
  // Grid and axis labels.
  int grid_bottom = height - axis_h;
  for (int k = 0; k <= 10; ++k) {
    double v = end * k / 10;
    s += fmt::format(R"(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#e3e3e3"/>)", x(v), top, grid_bottom);
    s += fmt::format(R"(<text x="{:.1f}" y="{}" font-size="11" text-anchor="middle" fill="#555">{:.0f} %</text>)", x(v),
                     grid_bottom + 16, v * 100);
  }
  int y = top;
  for (const auto& g : groups) {
    s += fmt::format(R"(<text x="4" y="{}" font-size="13" font-weight="bold">{}</text>)", y + 15, escape(g.title));
    y += head;
    for (const auto& b : g.bars) {
      s += fmt::format(R"(<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#333">{}</text>)", label_w - 8,
                       y + bar_h - 5, escape(b.label));
      s += fmt::format(R"(<rect x="{}" y="{}" width="{:.1f}" height="{}" fill="{}" opacity="0.85"/>)", label_w, y,
                       x(b.value) - label_w, bar_h, b.color);
      double mid = y + bar_h / 2.0;
      s +=
          fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{2:.1f}" y2="{1:.1f}" stroke="#111" stroke-width="1.5"/>)",
                      x(b.low), mid, x(b.high));
      for (double v : {b.low, b.high})
        s += fmt::format(R"(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#111" stroke-width="1.5"/>)",
                         x(v), y + 3, y + bar_h - 3);
      s += fmt::format(R"(<text x="{:.1f}" y="{}" font-size="12" fill="#111">{:.1f} %</text>)", x(b.high) + 6,
                       y + bar_h - 5, b.value * 100);
      y += bar_h + gap;
    }
    y += group_gap;
  }
  s += "</svg>";
  return s;
}

std::string distribution_chart(const std::vector<Series>& series, int bin_width, const std::string& x_label, int width,
                               int height) {
  const int left = 60, right = 20, top = 30, bottom = 45;
  std::size_t bins = 0;
  double top_share = 0;
  for (const auto& se : series) {
    bins = std::max(bins, se.shares.size());
    for (double v : se.shares) top_share = std::max(top_share, v);
  }
  if (bins == 0) return "";
  double y_end = std::max(0.01, std::ceil(top_share * 50 + 1e-9) / 50);  // round up to 2 %
  double plot_w = width - left - right, plot_h = height - top - bottom;
  auto x = [&](double bin) { return left + plot_w * bin / static_cast<double>(bins); };
  auto y = [&](double share) { return top + plot_h * (1 - share / y_end); };
  std::string s = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {1}" width="{0}" height="{1}" class="chart">)", width,
      height);
  for (int k = 0; k <= 4; ++k) {
    double v = y_end * k / 4;
    s += fmt::format(R"(<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="#e3e3e3"/>)", left, y(v),
                     width - right);
    s += fmt::format(R"(<text x="{}" y="{:.1f}" font-size="11" text-anchor="end" fill="#555">{:.1f} %</text>)",
                     left - 6, y(v) + 4, v * 100);
  }
  std::size_t step = std::max<std::size_t>(1, bins / 10);
  for (std::size_t b = 0; b <= bins; b += step)
    s += fmt::format(R"(<text x="{:.1f}" y="{}" font-size="11" text-anchor="middle" fill="#555">{}</text>)",
                     x(static_cast<double>(b)), height - bottom + 16, b * static_cast<std::size_t>(bin_width));
  s += fmt::format(R"(<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{}</text>)",
                   left + plot_w / 2, height - 8, escape(x_label));
  s += fmt::format(
      R"svg(<text x="14" y="{}" font-size="12" fill="#333" transform="rotate(-90 14 {})" text-anchor="middle">share of deals</text>)svg",
      top + plot_h / 2, top + plot_h / 2);
  int legend_x = left + 10;
  for (const auto& se : series) {
    std::string pts;
    for (std::size_t b = 0; b < se.shares.size(); ++b) {
      double v = se.shares[b];
      pts += fmt::format("{:.1f},{:.1f} {:.1f},{:.1f} ", x(static_cast<double>(b)), y(v), x(static_cast<double>(b + 1)),
                         y(v));
    }
    s += fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>)", pts, se.color);
    s += fmt::format(R"(<rect x="{}" y="8" width="14" height="10" fill="{}"/>)", legend_x, se.color);
    s += fmt::format(R"(<text x="{}" y="17" font-size="12">{}</text>)", legend_x + 18, escape(se.label));
    legend_x += 30 + static_cast<int>(se.label.size()) * 8;
  }
  s += "</svg>";
  return s;
}

}  // namespace conquian::batch::svg
