# The Canasta tutor as a container: the wheel built in a first stage, installed in a slim
# Python image, run as an unprivileged user. See docs/deploy.md.
#   docker build -t canasta-tutor .
#   docker run -p 8501:8501 canasta-tutor
FROM python:3.12-slim AS build
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --from=build /dist /dist
RUN pip install --no-cache-dir /dist/*.whl \
 && rm -rf /dist \
 && useradd --create-home --uid 10001 tutor
USER tutor
WORKDIR /home/tutor
EXPOSE 8501
# Streamlit answers "ok" here once the server is up; python instead of curl (not in slim).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).read() != b'ok')"]
ENTRYPOINT ["canasta-tutor", "app", "--address", "0.0.0.0", "--port", "8501"]
