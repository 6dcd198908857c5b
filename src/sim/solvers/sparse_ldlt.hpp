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
        copyRows();
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
    // L as Eigen holds it: by column, without its unit diagonal (compressed or not).
    struct Columns {
        const int* outer;
        const int* count;  // null when compressed
        const int* row;
        const double* value;
        int end(int j) const { return count ? outer[j] + count[j] : outer[j + 1]; }  // of column j
    };
    Columns columns() const {
        const SparseMatrixD& l = m_factor.matrixL().nestedExpression();
        return {l.outerIndexPtr(), l.innerNonZeroPtr(), l.innerIndexPtr(), l.valuePtr()};
    }

    // L's entries below the diagonal again, by row, so that L y = b runs along L's rows
    // (each row summed in registers, then stored once) as L^T x = y runs along its
    // columns: going down the columns, it wrote into every row below for each entry,
    // and those scattered read-modify-writes made it the slower half.
    void copyRows() {
        if (m_factor.info() != Eigen::Success) return;
        const Columns l = columns();
        const auto n = static_cast<std::size_t>(m_inverseDiagonal.size());
        m_rowStart.assign(n + 1, 0);
        for (int j = 0; j < static_cast<int>(n); ++j)
            for (int p = l.outer[j]; p < l.end(j); ++p)
                if (l.row[p] > j) ++m_rowStart[static_cast<std::size_t>(l.row[p]) + 1];
        for (std::size_t i = 0; i < n; ++i) m_rowStart[i + 1] += m_rowStart[i];
        m_rowColumn.resize(static_cast<std::size_t>(m_rowStart[n]));
        m_rowValue.resize(static_cast<std::size_t>(m_rowStart[n]));
        std::vector<int> fill(m_rowStart.begin(), m_rowStart.end() - 1);
        for (int j = 0; j < static_cast<int>(n); ++j)  // by column, so each row's entries are in column order
            for (int p = l.outer[j]; p < l.end(j); ++p) {
                if (l.row[p] <= j) continue;  // (the diagonal is not stored; a guard)
                const auto at = static_cast<std::size_t>(fill[static_cast<std::size_t>(l.row[p])]++);
                m_rowColumn[at] = j;
                m_rowValue[at] = l.value[p];
            }
    }

    // x (rows x k, row-major) = (L D L^T)^-1 x, where L is unit lower triangular.
    template <int K>
    void solveRowMajor(double* x, Eigen::Index runtimeK) const {
        const Eigen::Index k = K == Eigen::Dynamic ? runtimeK : K;
        const auto n = static_cast<Eigen::Index>(m_rowStart.size()) - 1;
        const Columns l = columns();
        // Row j's values are held in `xj` (local: the compiler need not reload them after
        // every store to another row).
        constexpr int kHeld = K == Eigen::Dynamic ? 16 : K;
        double xj[kHeld];
        for (Eigen::Index first = 0; first < k; first += kHeld) {
            const Eigen::Index width = std::min<Eigen::Index>(kHeld, k - first);
            const auto held = [&](Eigen::Index c) { return K == Eigen::Dynamic ? c < width : true; };
            for (Eigen::Index j = 0; j < n; ++j) {  // L y = b: row j of L
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] : 0.0;
                for (int p = m_rowStart[static_cast<std::size_t>(j)], stop = m_rowStart[static_cast<std::size_t>(j) + 1];
                     p < stop; ++p) {
                    const double* xi = x + static_cast<Eigen::Index>(m_rowColumn[static_cast<std::size_t>(p)]) * k + first;
                    const double v = m_rowValue[static_cast<std::size_t>(p)];
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xj[c] -= v * xi[c];
                }
                for (Eigen::Index c = 0; c < kHeld; ++c)
                    if (held(c)) x[j * k + first + c] = xj[c];
            }
            for (Eigen::Index j = n - 1; j >= 0; --j) {  // D, then L^T x = y: row j of L^T is column j of L
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] * m_inverseDiagonal[j] : 0.0;
                for (int p = l.outer[j], stop = l.end(static_cast<int>(j)); p < stop; ++p) {
                    if (l.row[p] <= j) continue;
                    const double* xi = x + static_cast<Eigen::Index>(l.row[p]) * k + first;
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xj[c] -= l.value[p] * xi[c];
                }
                for (Eigen::Index c = 0; c < kHeld; ++c)
                    if (held(c)) x[j * k + first + c] = xj[c];
            }
        }
    }

    Eigen::SimplicialLDLT<SparseMatrixD> m_factor;
    Eigen::VectorXd m_inverseDiagonal;  // 1 / D
    // L below its diagonal by row: row i's columns and values are [m_rowStart[i], m_rowStart[i + 1])
    std::vector<int> m_rowStart, m_rowColumn;
    std::vector<double> m_rowValue;
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m_permuted;  // P rhs, solved in place
};

} // namespace cs
