// The list of evaluations an analysis asks (evaluation.h): a new one is added here.
#include "analyse/evaluation.h"
#include "analyse/hindsight.h"
#include "analyse/seat_view_evaluation.h"
#include "analyse/stock_unknown.h"

namespace conquian::analyse {

std::vector<std::unique_ptr<Evaluation>> make_evaluations(const Budgets& budgets) {
  std::vector<std::unique_ptr<Evaluation>> out;
  out.push_back(std::make_unique<Hindsight>(budgets));
  out.push_back(std::make_unique<StockUnknown>(budgets));
  out.push_back(std::make_unique<SeatViewEvaluation>(budgets));
  return out;
}

}  // namespace conquian::analyse
