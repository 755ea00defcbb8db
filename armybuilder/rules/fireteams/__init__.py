"""Fireteams: the declared teams judged (`assess`), their level (`level`), the chart (`chart`),
the finder of teams a list could form (`finder`) and the audit of an army's chart (`audit`)."""
