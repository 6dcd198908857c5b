#pragma once
// A sparse symmetric positive-definite matrix factored as P A P^T = L D L^T
// (Eigen's SimplicialLDLT, with its fill-reducing ordering) and solved for several
// right-hand-side columns at once without allocating: Eigen's solve() allocates its
// temporaries and takes the columns one at a time, so the permutation, the diagonal and
// the two triangular solves are done here by hand, all columns in one pass. Used by
// the methods whose system matrix stays the same from step to step (desbrun,
// projective_dynamics): they factor once and pay two triangular solves a step.
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <algorithm>
#include <vector>

namespace cs {

using SparseMatrixD = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

class SparseLdlt {
public:
    // Factors `matrix`, symmetric positive definite (the callers' matrices are by
    // construction); the ordering is analysed again only when the pattern is new. Allocates.
    void factor(const SparseMatrixD& matrix, bool samePattern) {
        if (!samePattern) m_factor.analyzePattern(matrix);
        m_factor.factorize(matrix);
        m_inverseDiagonal = m_factor.vectorD().cwiseInverse();  // vectorD() returns a copy: keep it here
        copyFactor();
    }

    // solution = A^-1 rhs for every column of rhs (rows x columns, the matrix's size).
    // Allocates only when the shape of rhs changes.
    void solve(const Eigen::MatrixXd& rhs, Eigen::MatrixXd& solution) {
        const Eigen::Index rows = rhs.rows(), columns = rhs.cols();
        if (rows == 0) return;
        if (m_permuted.rows() != rows || m_permuted.cols() != columns) m_permuted.resize(rows, columns);
        if (solution.rows() != rows || solution.cols() != columns) solution.resize(rows, columns);
        // a factorisation that stopped at a zero pivot left L partly filled: no solve through it
        if (m_factor.info() != Eigen::Success) {
            solution.setZero();
            return;
        }
        const auto& permutation = m_factor.permutationP().indices();
        for (Eigen::Index i = 0; i < rows; ++i) m_permuted.row(permutation[i]) = rhs.row(i);
        // The columns go through L together, each entry of L read once for all of them:
        // Eigen's triangular solve takes the columns one by one and reads the factor
        // (hundreds of kB at 64^2, the step's main cost) once for each.
        if (columns == 3)
            solveRowMajor<3>(m_permuted.data(), 3);
        else if (columns == 6)  // desbrun with pins: dv and the pins' filtered response
            solveRowMajor<6>(m_permuted.data(), 6);
        else
            solveRowMajor<Eigen::Dynamic>(m_permuted.data(), columns);
        for (Eigen::Index i = 0; i < rows; ++i) solution.row(i) = m_permuted.row(permutation[i]);
    }

private:
    // L's entries below the diagonal, by column and by row. Both triangular solves then
    // read the rows they need and write only their own (L y = b along L's rows, L^T x = y
    // along its columns): the forward solve along columns wrote into every row below for
    // each entry, and those scattered read-modify-writes made it the slower half.
    struct Triangle {
        std::vector<int> start;  // line j's entries: [start[j], start[j + 1])
        std::vector<int> index;  // the row (by column) or column (by row) of each
        std::vector<double> value;
    };

    void copyFactor() {
        if (m_factor.info() != Eigen::Success) return;
        const SparseMatrixD& l = m_factor.matrixL().nestedExpression();
        const int* outer = l.outerIndexPtr();
        const int* count = l.innerNonZeroPtr();  // null when compressed
        const int* row = l.innerIndexPtr();
        const double* value = l.valuePtr();
        const auto n = static_cast<int>(l.cols());
        const auto end = [&](int j) { return count ? outer[j] + count[j] : outer[j + 1]; };
        m_byColumn.start.assign(static_cast<std::size_t>(n) + 1, 0);
        m_byRow.start.assign(static_cast<std::size_t>(n) + 1, 0);
        m_byColumn.index.clear();
        m_byColumn.value.clear();
        for (int j = 0; j < n; ++j) {
            for (int p = outer[j]; p < end(j); ++p) {
                if (row[p] <= j) continue;  // (Eigen keeps the unit diagonal out; this is a guard)
                m_byColumn.index.push_back(row[p]);
                m_byColumn.value.push_back(value[p]);
                ++m_byRow.start[static_cast<std::size_t>(row[p]) + 1];
            }
            m_byColumn.start[static_cast<std::size_t>(j) + 1] = static_cast<int>(m_byColumn.index.size());
        }
        for (int i = 0; i < n; ++i) m_byRow.start[static_cast<std::size_t>(i) + 1] += m_byRow.start[static_cast<std::size_t>(i)];
        m_byRow.index.resize(m_byColumn.index.size());
        m_byRow.value.resize(m_byColumn.value.size());
        std::vector<int> fill(m_byRow.start.begin(), m_byRow.start.end() - 1);
        for (int j = 0; j < n; ++j)  // by column, so each row's entries are in column order
            for (int p = m_byColumn.start[static_cast<std::size_t>(j)]; p < m_byColumn.start[static_cast<std::size_t>(j) + 1]; ++p) {
                const int at = fill[static_cast<std::size_t>(m_byColumn.index[static_cast<std::size_t>(p)])]++;
                m_byRow.index[static_cast<std::size_t>(at)] = j;
                m_byRow.value[static_cast<std::size_t>(at)] = m_byColumn.value[static_cast<std::size_t>(p)];
            }
    }

    // x (rows x k, row-major) = (L D L^T)^-1 x, where L is unit lower triangular.
    template <int K>
    void solveRowMajor(double* x, Eigen::Index runtimeK) const {
        const Eigen::Index k = K == Eigen::Dynamic ? runtimeK : K;
        const auto n = static_cast<Eigen::Index>(m_byRow.start.size()) - 1;
        // Row j's values are held in `xj` (local: the compiler need not reload them after
        // every store to another row).
        constexpr int kHeld = K == Eigen::Dynamic ? 16 : K;
        double xj[kHeld];
        for (Eigen::Index first = 0; first < k; first += kHeld) {
            const Eigen::Index width = std::min<Eigen::Index>(kHeld, k - first);
            const auto held = [&](Eigen::Index c) { return K == Eigen::Dynamic ? c < width : true; };
            // L y = b: row j of L
            const int* rowStart = m_byRow.start.data();
            const int* rowColumn = m_byRow.index.data();
            const double* rowValue = m_byRow.value.data();
            for (Eigen::Index j = 0; j < n; ++j) {
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] : 0.0;
                for (int p = rowStart[j], stop = rowStart[j + 1]; p < stop; ++p) {
                    const double* xi = x + static_cast<Eigen::Index>(rowColumn[p]) * k + first;
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xj[c] -= rowValue[p] * xi[c];
                }
                for (Eigen::Index c = 0; c < kHeld; ++c)
                    if (held(c)) x[j * k + first + c] = xj[c];
            }
            // D, then L^T x = y: row j of L^T is column j of L
            const int* columnStart = m_byColumn.start.data();
            const int* columnRow = m_byColumn.index.data();
            const double* columnValue = m_byColumn.value.data();
            for (Eigen::Index j = n - 1; j >= 0; --j) {
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] * m_inverseDiagonal[j] : 0.0;
                for (int p = columnStart[j], stop = columnStart[j + 1]; p < stop; ++p) {
                    const double* xi = x + static_cast<Eigen::Index>(columnRow[p]) * k + first;
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xj[c] -= columnValue[p] * xi[c];
                }
                for (Eigen::Index c = 0; c < kHeld; ++c)
                    if (held(c)) x[j * k + first + c] = xj[c];
            }
        }
    }

    Eigen::SimplicialLDLT<SparseMatrixD> m_factor;
    Eigen::VectorXd m_inverseDiagonal;  // 1 / D
    Triangle m_byColumn, m_byRow;       // L below its diagonal
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m_permuted;  // P rhs, solved in place
};

} // namespace cs
