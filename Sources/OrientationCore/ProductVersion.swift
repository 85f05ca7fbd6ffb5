/// orientd's release, said once for every program of the project (orientd, orientctl, the
/// settings app) and for the Debian packages (`scripts/make-deb.sh` reads it here).
public enum ProductVersion {
    public static let number = "1.0.0"
}
