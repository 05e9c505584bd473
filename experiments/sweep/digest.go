package sweep

import (
	"crypto/sha256"
	"encoding/hex"
)

// digest returns the hex SHA-256 of data.
func digest(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}
