// Package semantic is a model of word meaning that a repository teaches
// itself at index time: which words are used in the same places in its doc
// comments, identifiers and documents. Nothing is downloaded and nothing
// is sent anywhere.
//
// Build reads the graph: every symbol's name, receiver and doc comment and
// every document section, split into words (identifiers at case and
// underscore boundaries, stemmed). It counts how often two words fall
// within a few words of each other, weighs the counts by positive
// pointwise mutual information, and keeps the first Dim eigenvectors of
// that matrix (a randomised range finder, gonum's QR and symmetric
// eigensolver): each word becomes a short vector, and words used in the
// same contexts ("adapter" and "delegate", "throttle" and "constrain")
// point the same way. A text's vector is the idf-weighted sum of its
// words' vectors; two texts are similar by the cosine of theirs.
//
// The model is written into the index (Write; Read checks every byte, as
// it is read from a repository's .gortex), with the vector of every
// section, so that a query scores all sections against a symbol's profile
// or a question in a few milliseconds (Model.Score). Modeler.WriteModel is what
// the indexer calls; it takes the live model over when the words it was built
// from did not change (the content hash).
package semantic
