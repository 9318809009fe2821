-- The grievance officer now has a designation (Consumer Protection (E-Commerce)
-- Rules 2020, rule 4(4)). A section an admin saved before keeps its officer and
-- gets the plain designation, instead of failing its schema and falling back to
-- the demo officer.
UPDATE `site_settings`
SET `value` = json_set(`value`, '$.grievanceOfficerDesignation', 'Grievance Officer')
WHERE `section` = 'regulatory' AND json_valid(`value`) AND json_extract(`value`, '$.grievanceOfficerDesignation') IS NULL;
