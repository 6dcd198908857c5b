#pragma once
// A sparse symmetric positive-definite matrix factored as P A P^T = L D L^T
// (Eigen's SimplicialLDLT, with its fill-reducing ordering) and solved for several
// right-hand-side columns at once without allocating: Eigen's solve() allocates its
// temporaries, so the permutation and the diagonal are applied here by hand. Used by
// the methods whose system matrix stays the same from step to step (desbrun,
// projective_dynamics): they factor once and pay two triangular solves a step.
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>

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

    // solution = A^-1 rhs, column by column (rows x columns, the matrix's size). Allocates
    // only when the shape of rhs changes.
    void solve(const Eigen::MatrixXd& rhs, Eigen::MatrixXd& solution) {
        const Eigen::Index rows = rhs.rows();
        if (rows == 0) return;
        if (m_permuted.rows() != rows || m_permuted.cols() != rhs.cols()) m_permuted.resize(rows, rhs.cols());
        if (solution.rows() != rows || solution.cols() != rhs.cols()) solution.resize(rows, rhs.cols());
        const auto& permutation = m_factor.permutationP().indices();
        for (Eigen::Index i = 0; i < rows; ++i) m_permuted.row(permutation[i]) = rhs.row(i);
        m_factor.matrixL().solveInPlace(m_permuted);
        for (Eigen::Index i = 0; i < rows; ++i) m_permuted.row(i) *= m_inverseDiagonal[i];
        m_factor.matrixU().solveInPlace(m_permuted);
        for (Eigen::Index i = 0; i < rows; ++i) solution.row(i) = m_permuted.row(permutation[i]);
    }

private:
    Eigen::SimplicialLDLT<SparseMatrixD> m_factor;
    Eigen::VectorXd m_inverseDiagonal;  // 1 / D
    Eigen::MatrixXd m_permuted;         // P rhs, solved in place
};

} // namespace cs
