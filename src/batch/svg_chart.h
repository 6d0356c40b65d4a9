// Small SVG charts for the HTML report: horizontal bars with interval whiskers, and
// distribution lines. Output is an <svg> element as text; no script, no external files.
#pragma once

#include <string>
#include <vector>

namespace conquian::batch::svg {

struct Bar {
  std::string label;                    // beside the bar
  double value = 0, low = 0, high = 0;  // a rate and its interval, in [0, 1]
  std::string color;
};

struct BarGroup {
  std::string title;  // the group's heading (a ruleset)
  std::vector<Bar> bars;
};

// Horizontal bars in groups, each with its interval as a whisker; the axis runs from 0 to
// a round share above the largest interval end.
std::string bar_chart(const std::vector<BarGroup>& groups, int width = 1000);

struct Series {
  std::string label;
  std::string color;
  std::vector<double> shares;  // share of deals in each bin
};

// Distribution lines over bins of `bin_width` (x label `x_label`), one per series.
std::string distribution_chart(const std::vector<Series>& series, int bin_width, const std::string& x_label,
                               int width = 1000, int height = 320);

// Text safe inside HTML or SVG.
std::string escape(const std::string& text);

}  // namespace conquian::batch::svg
