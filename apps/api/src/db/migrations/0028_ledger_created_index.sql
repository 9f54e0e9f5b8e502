-- Issue 30 point 4 (decision 062): one calendar year of the ledger for the year-end tax report.
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");