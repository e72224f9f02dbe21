-- Reg. (UE) 2016/425 Annex I: PPE against harmful noise, falls from height and substances hazardous to health is
-- category III (dpi.ts categoriaDpi); the training D.Lgs 81/2008 art. 77 c. 5 requires is stored on with it.
UPDATE "dotazioni_tipologie" SET "categoria" = 'III', "formazione" = true
WHERE "dpi" AND "protezione" IN ('udito', 'anticaduta', 'vie_respiratorie') AND ("categoria" IS DISTINCT FROM 'III' OR NOT "formazione");
