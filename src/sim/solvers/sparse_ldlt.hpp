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
    // x (rows x k, row-major) = (L D L^T)^-1 x, where L is unit lower triangular,
    // stored by column without its diagonal (Eigen's SimplicialLDLT).
    template <int K>
    void solveRowMajor(double* x, Eigen::Index runtimeK) const {
        const Eigen::Index k = K == Eigen::Dynamic ? runtimeK : K;
        const SparseMatrixD& l = m_factor.matrixL().nestedExpression();
        const int* start = l.outerIndexPtr();
        const int* count = l.innerNonZeroPtr();  // null when compressed
        const int* row = l.innerIndexPtr();
        const double* value = l.valuePtr();
        const Eigen::Index n = l.cols();
        const auto end = [&](Eigen::Index j) { return count ? start[j] + count[j] : start[j + 1]; };  // of column j
        // Row j's values are held in `xj` (local: the compiler need not reload them after
        // every store to another row).
        constexpr int kHeld = K == Eigen::Dynamic ? 16 : K;
        double xj[kHeld];
        for (Eigen::Index first = 0; first < k; first += kHeld) {
            const Eigen::Index width = std::min<Eigen::Index>(kHeld, k - first);
            const auto held = [&](Eigen::Index c) { return K == Eigen::Dynamic ? c < width : true; };
            for (Eigen::Index j = 0; j < n; ++j) {  // L y = b, column by column
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] : 0.0;
                for (int p = start[j], stop = end(j); p < stop; ++p) {
                    if (row[p] <= j) continue;
                    double* xi = x + static_cast<Eigen::Index>(row[p]) * k + first;
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xi[c] -= value[p] * xj[c];
                }
            }
            for (Eigen::Index j = n - 1; j >= 0; --j) {  // D, then L^T x = y: row j of L^T is column j of L
                for (Eigen::Index c = 0; c < kHeld; ++c) xj[c] = held(c) ? x[j * k + first + c] * m_inverseDiagonal[j] : 0.0;
                for (int p = start[j], stop = end(j); p < stop; ++p) {
                    if (row[p] <= j) continue;
                    const double* xi = x + static_cast<Eigen::Index>(row[p]) * k + first;
                    for (Eigen::Index c = 0; c < kHeld; ++c)
                        if (held(c)) xj[c] -= value[p] * xi[c];
                }
                for (Eigen::Index c = 0; c < kHeld; ++c)
                    if (held(c)) x[j * k + first + c] = xj[c];
            }
        }
    }

    Eigen::SimplicialLDLT<SparseMatrixD> m_factor;
    Eigen::VectorXd m_inverseDiagonal;  // 1 / D
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m_permuted;  // P rhs, solved in place
};

} // namespace cs
