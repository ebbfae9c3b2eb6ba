"""The knowledge path: SOP documents, chunking, BM25 sparse vectors, the Qdrant index,
extractive and grounded answers, and retrieval evaluation."""
