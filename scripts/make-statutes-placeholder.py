"""Writes static/legal/statuts_jeepfl.pdf: a valid one-page PDF that stands in
for the signed statutes until the association replaces the file with them.
Run once (python3 scripts/make-statutes-placeholder.py); the output is committed."""
from pathlib import Path

lines = [
    ("F2", 20, "Statuts de l'association JE EPFL"),
    ("F1", 12, ""),
    ("F1", 12, "Ce document remplace provisoirement les statuts signés de l'association."),
    ("F1", 12, "La version officielle, signée, sera publiée ici dès que le comité"),
    ("F1", 12, "l'aura déposée. Pour obtenir les statuts en vigueur, écrivez"),
    ("F1", 12, "à l'association."),
    ("F1", 12, ""),
    ("F2", 14, "Articles of association of JE EPFL"),
    ("F1", 12, ""),
    ("F1", 12, "This document stands in for the association's signed articles of association."),
    ("F1", 12, "The official, signed version will be published here as soon as the"),
    ("F1", 12, "committee uploads it. For the articles currently in force, please"),
    ("F1", 12, "write to the association."),
]

def pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"

ops = [b"BT", b"72 760 Td"]
for font, size, text in lines:
    ops.append(f"/{font} {size} Tf".encode())
    ops.append(pdf_string(text) + b" Tj")
    ops.append(f"0 -{int(size * 1.6)} Td".encode())
ops.append(b"ET")
content = b"\n".join(ops)

objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream",
    b"<< /Title (Statuts de la JE EPFL - document provisoire) /Producer (scripts/make-statutes-placeholder.py) >>",
]

out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for i, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
xref = len(out)
out += f"xref\n0 {len(objects) + 1}\n".encode() + b"0000000000 65535 f \n"
for off in offsets:
    out += f"{off:010d} 00000 n \n".encode()
out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()

target = Path(__file__).resolve().parent.parent / "static" / "legal" / "statuts_jeepfl.pdf"
target.parent.mkdir(parents=True, exist_ok=True)
target.write_bytes(bytes(out))
print(f"wrote {target} ({len(out)} bytes)")
